-- Brand clean-up: the back office lists the free-text brands of products with no catalogue brand
-- (public.unlinked_brand_values) and links one to a brand in one transaction, recorded like a merge
-- (public.link_brand_value). supabase/schemas/04_admin.sql holds the final forms.

-- ─── Free-text brands ─────────────────────────────────────────────────────────────────────────
-- Products not linked to a catalogue brand (brand_id null) still carry the brand as typed or
-- imported (marca). Their values, grouped as the import compares names (trimmed, lower case,
-- accents folded: 'Nike', ' NIKE' and 'Níke' are one value), with how many products carry each,
-- its spellings, and the three brands whose names are closest (pg_trgm similarity, 0 to 1; an
-- exact match is 1), most products first. Admins only.
create function public.unlinked_brand_values()
returns table (value_key text, marca text, spellings text[], products bigint, matches jsonb)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return query
  with unlinked as (
    select private.name_key(p.marca) as key, btrim(p.marca) as spelling, count(*) as n
      from public.products p
     where p.brand_id is null and btrim(p.marca) <> ''
     group by 1, 2
  ),
  grouped as (
    select u.key,
           (array_agg(u.spelling order by u.n desc, u.spelling))[1] as marca,
           array_agg(u.spelling order by u.n desc, u.spelling) as spellings,
           sum(u.n)::bigint as products
      from unlinked u
     group by u.key
  )
  select g.key, g.marca, g.spellings, g.products,
         coalesce((
           select jsonb_agg(jsonb_build_object('id', m.id, 'display_name', m.display_name, 'similarity', m.score)
                            order by m.score desc, m.display_name)
             from (
               select b.id, b.display_name,
                      round(greatest(extensions.similarity(g.key, private.name_key(b.display_name)),
                                     extensions.similarity(g.key, private.name_key(b.name)))::numeric, 2) as score
                 from public.brands b
                order by 3 desc, b.display_name
                limit 3
             ) m
            where m.score > 0.2
         ), '[]'::jsonb)
    from grouped g
   order by g.products desc, g.key;
end
$$;
comment on function public.unlinked_brand_values() is 'Admins: the free-text brands of products with no catalogue brand, grouped accent- and case-insensitively, with product counts, spellings and the three closest brands.';
grant execute on function public.unlinked_brand_values() to authenticated;

-- Links every product with no catalogue brand whose free-text brand is p_value (compared as the
-- import compares names) to p_brand_id, writing the brand's display name as its marca, and records
-- it in brand_migrations as a merge does: one transaction. Returns {products_moved, target_total}.
create function public.link_brand_value(p_value text, p_brand_id uuid)
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_brand public.brands%rowtype;
  v_spelling text;
  v_moved integer;
  v_total bigint;
begin
  perform private.assert_admin();
  select * into v_brand from public.brands b where b.id = p_brand_id;
  if not found then
    raise exception 'La marca no existe' using errcode = '23503';
  end if;
  -- The value as the list shows it: its most common spelling.
  select btrim(p.marca) into v_spelling
    from public.products p
   where p.brand_id is null and private.name_key(p.marca) = private.name_key(p_value) and btrim(p.marca) <> ''
   group by btrim(p.marca)
   order by count(*) desc, btrim(p.marca)
   limit 1;
  if v_spelling is null then
    raise exception 'Ningún producto sin marca vinculada dice "%"', btrim(coalesce(p_value, '')) using errcode = 'P0002';
  end if;

  update public.products p
     set brand_id = v_brand.id, marca = v_brand.display_name
   where p.brand_id is null and private.name_key(p.marca) = private.name_key(p_value) and btrim(p.marca) <> '';
  get diagnostics v_moved = row_count;

  insert into public.brand_migrations (original_marca, normalized_brand, products_affected)
  values (v_spelling, v_brand.display_name, v_moved);

  select count(*) into v_total from public.products p where p.brand_id = v_brand.id;
  return json_build_object('products_moved', v_moved, 'target_total', v_total);
end
$$;
comment on function public.link_brand_value(text, uuid) is 'Admins: links the products with no catalogue brand whose free-text brand is the value (accent- and case-insensitive) to the brand, in one transaction, and records a brand_migrations row. Returns {products_moved, target_total}.';
grant execute on function public.link_brand_value(text, uuid) to authenticated;
