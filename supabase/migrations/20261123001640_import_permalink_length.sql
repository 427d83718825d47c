-- ─── An imported product with a long name still gets a permalink the table accepts ────────────
-- Permalinks are at most 200 characters (products_permalink_format). The import builds one from
-- '{brand}-{name}', and a supplier's long name (or brand) made a longer one, which the table refused:
-- the whole batch failed. The slug is now cut to 190 characters (room for the '-N' that keeps it
-- unique), at the end of a word when there is one, never ending in a hyphen.
create or replace function private.permalink_base(p_brand text, p_name text)
returns text
language sql
stable
set search_path = ''
as $$
  with slug as (
    select regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      lower(extensions.unaccent('extensions.unaccent'::regdictionary,
        concat_ws('-', nullif(btrim(coalesce(p_brand, '')), ''), nullif(btrim(coalesce(p_name, '')), '')))),
      '\s+', '-', 'g'), '[^a-z0-9-]', '', 'g'), '-{2,}', '-', 'g'), '^-+|-+$', '', 'g') as s
  )
  select case
    when char_length(s) <= 190 then s
    -- cut at the last hyphen within the limit, or hard at 190 when the first word is longer
    else regexp_replace(coalesce(nullif(substring(left(s, 191) from '^(.*)-'), ''), left(s, 190)), '-+$', '')
  end
  from slug
$$;
comment on function private.permalink_base(text, text) is
  'Slug of ''{brand}-{name}'': accents folded, lowercase, spaces to hyphens, only a-z0-9 and single hyphens, at most 190 characters (cut at a word end).';
