-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 22 · Storage: the image buckets and who may touch their objects
--
-- Entry points: the buckets product-images and hero-images and the policies on storage.objects.
--
-- Two public buckets (product and hero images): anyone reads a file by its URL, only admins
-- list, upload, replace or remove. 5 MB, photos only: an SVG is a document that can carry
-- script, so neither bucket accepts it.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('product-images', 'product-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp']),
  ('hero-images', 'hero-images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;

-- Public objects are served by their URL without any policy (the bucket is public). Listing a
-- bucket needs a select policy, and a public one would let anyone enumerate every file, naming
-- the folders of products not yet on sale: only admins list (the back office cleans a product's
-- folder on delete).

create policy shop_images_admin_insert on storage.objects
  for insert to authenticated
  with check (bucket_id in ('product-images', 'hero-images') and (select public.is_admin()));

create policy shop_images_admin_update on storage.objects
  for update to authenticated
  using (bucket_id in ('product-images', 'hero-images') and (select public.is_admin()))
  with check (bucket_id in ('product-images', 'hero-images') and (select public.is_admin()));

create policy shop_images_admin_delete on storage.objects
  for delete to authenticated
  using (bucket_id in ('product-images', 'hero-images') and (select public.is_admin()));

create policy shop_images_admin_read on storage.objects
  for select to authenticated
  using (bucket_id in ('product-images', 'hero-images') and (select public.is_admin()));
