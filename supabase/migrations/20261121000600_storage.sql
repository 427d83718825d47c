-- Storage: the two public image buckets and who may touch their objects.
-- Anyone reads; only admins upload, replace or remove. 5 MB, images only.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('product-images', 'product-images', true, 5242880,
    array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml']),
  ('hero-images', 'hero-images', true, 5242880,
    array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'])
on conflict (id) do nothing;

create policy shop_images_public_read on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('product-images', 'hero-images'));

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
