-- ─── Every permalink is a path the shop can build ────────────────────────────────────────────
-- A product's page is /producto/{permalink}. save_product and the CSV import already refuse other
-- forms, but a direct table write by an admin bypassed them, and one bad permalink (a slash, a
-- space, an accent, a dot) breaks the build of every page. The table now refuses it too:
-- lowercase letters and digits in groups joined by single hyphens, at most 200 characters.
alter table public.products
  add constraint products_permalink_format
  check (permalink ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(permalink) <= 200);
