-- ─── The image buckets take only photos, and nobody lists them but admins ───────────────────
-- The back office uploads JPG, PNG and WebP only (and the shop's WebP copies). An SVG is a document
-- that can carry script, so neither bucket accepts it, nor any other image type the shop never
-- shows.
update storage.buckets
   set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp']
 where id in ('product-images', 'hero-images');

-- Public objects are served by their URL without any policy (the bucket is public). Listing a bucket
-- needs a select policy, and a public one let anyone enumerate every file, naming the folders of
-- products not yet on sale. Only admins list (the back office cleans a product's folder on delete).
drop policy shop_images_public_read on storage.objects;

create policy shop_images_admin_read on storage.objects
  for select to authenticated
  using (bucket_id in ('product-images', 'hero-images') and (select public.is_admin()));
