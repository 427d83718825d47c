-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 03 · Size guides
--
-- Entry points: the table public.size_guides (checked by private.check_size_guide) and
-- public.size_guide_id, the guide a product shows.
--
-- A size guide is a table of Mexican, US and European sizes with body measurements in cm, for one
-- kind of size (categories.tipo_talla / subcategories.tipo_talla: ropa, calzado, pantalon). It
-- belongs to one category, one subcategory or one brand (a brand's guide is for one kind: "Nike
-- calzado"). The product page shows the one public.size_guide_id picks for the product. Everyone
-- reads guides; owners and editors write them (23_policies.sql); a change asks for a rebuild
-- (12_publishing.sql) and is recorded in the history (19_history.sql).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

create table public.size_guides (
  id uuid primary key default gen_random_uuid(),
  nombre text not null,
  tipo_talla text not null check (tipo_talla in ('ropa', 'calzado', 'pantalon')),
  category_id uuid references public.categories (id) on delete cascade,
  subcategory_id uuid references public.subcategories (id) on delete cascade,
  brand_id uuid references public.brands (id) on delete cascade,
  -- [{"mx": "M", "us": "M", "eu": "38", "pecho": "88-92", ...}, ...]: see private.check_size_guide
  filas jsonb not null default '[]'::jsonb,
  nota text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint size_guides_one_owner check (num_nonnulls(category_id, subcategory_id, brand_id) = 1)
);
comment on table public.size_guides is 'Size guides: MX/US/EU sizes and measurements in cm for one kind of size, of one category, subcategory or brand (brand + kind). Everyone reads them; owners and editors write them.';
comment on column public.size_guides.filas is 'The table, one object per size: mx (required, unique in the guide), us, eu (texts up to 12 characters) and the kind''s measurements in cm ("88" or "88-92"): pecho, cintura, cadera (ropa); cintura, cadera, entrepierna (pantalon); pie (calzado).';
grant select on table public.size_guides to anon;
grant select, insert, update, delete on table public.size_guides to authenticated;
-- one guide per category, per subcategory, and per brand and kind
create unique index size_guides_category_key on public.size_guides (category_id) where category_id is not null;
create unique index size_guides_subcategory_key on public.size_guides (subcategory_id) where subcategory_id is not null;
create unique index size_guides_brand_kind_key on public.size_guides (brand_id, tipo_talla) where brand_id is not null;

-- The measurement columns of each kind of size, in the order the table shows them. The storefront's
-- copy is src/lib/size-guide.ts (SIZE_GUIDE_MEASURES); tests/db/size-guides.test.ts runs its cases
-- through both.
create function private.size_guide_measures(p_kind text)
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_kind
    when 'ropa' then array['pecho', 'cintura', 'cadera']
    when 'pantalon' then array['cintura', 'cadera', 'entrepierna']
    when 'calzado' then array['pie']
    else array[]::text[]
  end
$$;
comment on function private.size_guide_measures(text) is 'The measurement columns (cm) of a kind of size: ropa pecho/cintura/cadera, pantalon cintura/cadera/entrepierna, calzado pie.';
grant execute on function private.size_guide_measures(text) to authenticated, service_role;

-- Every write of a guide is checked and tidied here, with a message the back office shows as it is:
-- a name (1-80 characters); a kind; exactly one owner; 1 to 40 rows, each with an MX size not
-- repeated in the guide, US and EU sizes of up to 12 characters, and only its kind's measurements,
-- each a length in cm from 1 to 250 ("88", "24.5") or a range ("88-92", the first smaller); a note
-- of up to 500 characters. Texts are trimmed, blank cells dropped, "88 – 92" and "24,5" written
-- "88-92" and "24.5". One guide per category, subcategory, and brand and kind (the unique indexes
-- hold it under concurrent writes; this says which one in words). Refusals are PT400 (PT409 for a
-- second guide): PostgREST passes their Spanish message on and the back office shows it as it is.
create function private.check_size_guide()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_kind_label text := case new.tipo_talla when 'pantalon' then 'pantalón' else new.tipo_talla end;
  v_measures text[] := private.size_guide_measures(new.tipo_talla);
  v_filas jsonb := '[]'::jsonb;
  v_seen text[] := '{}';
  v_n integer := 0;
  v_row jsonb;
  v_clean jsonb;
  v_key text;
  v_value jsonb;
  v_text text;
  v_parts text[];
begin
  new.nombre := btrim(coalesce(new.nombre, ''));
  if new.nombre = '' then
    raise exception 'Escribe el nombre de la guía' using errcode = 'PT400';
  end if;
  if char_length(new.nombre) > 80 then
    raise exception 'El nombre de la guía tiene más de 80 caracteres' using errcode = 'PT400';
  end if;
  if new.tipo_talla is null or new.tipo_talla not in ('ropa', 'calzado', 'pantalon') then
    raise exception 'Elige el tipo de talla: ropa, calzado o pantalón' using errcode = 'PT400';
  end if;
  if num_nonnulls(new.category_id, new.subcategory_id, new.brand_id) <> 1 then
    raise exception 'La guía es de una categoría, de una subcategoría o de una marca: elige solo una' using errcode = 'PT400';
  end if;
  new.nota := nullif(btrim(new.nota), '');
  if char_length(new.nota) > 500 then
    raise exception 'La nota tiene más de 500 caracteres' using errcode = 'PT400';
  end if;
  if jsonb_typeof(new.filas) is distinct from 'array' or jsonb_array_length(new.filas) = 0 then
    raise exception 'Agrega al menos una fila de tallas' using errcode = 'PT400';
  end if;
  if jsonb_array_length(new.filas) > 40 then
    raise exception 'La guía tiene más de 40 filas' using errcode = 'PT400';
  end if;

  for v_row in select e.value from jsonb_array_elements(new.filas) as e(value) loop
    v_n := v_n + 1;
    if jsonb_typeof(v_row) <> 'object' then
      raise exception 'Fila %: no es una fila de tallas', v_n using errcode = 'PT400';
    end if;
    v_clean := '{}'::jsonb;
    for v_key, v_value in select e.key, e.value from jsonb_each(v_row) as e(key, value) loop
      if not (v_key = any (array['mx', 'us', 'eu'] || v_measures)) then
        raise exception 'Fila %: «%» no es una columna de una guía de %', v_n, v_key, v_kind_label using errcode = 'PT400';
      end if;
      v_text := case jsonb_typeof(v_value)
        when 'string' then btrim(v_value #>> '{}')
        when 'number' then v_value::text
        when 'null' then ''
      end;
      if v_text is null then
        raise exception 'Fila %: «%» no es un texto', v_n, v_key using errcode = 'PT400';
      end if;
      continue when v_text = '';
      if v_key in ('mx', 'us', 'eu') then
        if char_length(v_text) > 12 then
          raise exception 'Fila %: la talla % tiene más de 12 caracteres', v_n, upper(v_key) using errcode = 'PT400';
        end if;
      else
        v_text := replace(regexp_replace(v_text, '\s*[-–—]\s*', '-', 'g'), ',', '.');
        if v_text !~ '^[0-9]{1,3}(\.[0-9])?(-[0-9]{1,3}(\.[0-9])?)?$' then
          raise exception 'Fila %: «%» no es una medida en cm (escribe 88 o 88-92)', v_n, v_text using errcode = 'PT400';
        end if;
        v_parts := string_to_array(v_text, '-');
        if v_parts[1]::numeric not between 1 and 250 or coalesce(v_parts[2]::numeric, 1) not between 1 and 250 then
          raise exception 'Fila %: % cm no es una medida posible (de 1 a 250)', v_n, v_text using errcode = 'PT400';
        end if;
        if v_parts[2]::numeric <= v_parts[1]::numeric then
          raise exception 'Fila %: en el rango % la primera medida debe ser menor', v_n, v_text using errcode = 'PT400';
        end if;
      end if;
      v_clean := v_clean || jsonb_build_object(v_key, v_text);
    end loop;
    if not v_clean ? 'mx' then
      raise exception 'Fila %: falta la talla MX', v_n using errcode = 'PT400';
    end if;
    if lower(v_clean ->> 'mx') = any (v_seen) then
      raise exception 'Fila %: la talla MX «%» ya está en otra fila', v_n, v_clean ->> 'mx' using errcode = 'PT400';
    end if;
    v_seen := v_seen || lower(v_clean ->> 'mx');
    v_filas := v_filas || jsonb_build_array(v_clean);
  end loop;
  new.filas := v_filas;

  if new.category_id is not null
     and exists (select 1 from public.size_guides g where g.category_id = new.category_id and g.id <> new.id) then
    raise exception 'Esa categoría ya tiene una guía de tallas' using errcode = 'PT409';
  end if;
  if new.subcategory_id is not null
     and exists (select 1 from public.size_guides g where g.subcategory_id = new.subcategory_id and g.id <> new.id) then
    raise exception 'Esa subcategoría ya tiene una guía de tallas' using errcode = 'PT409';
  end if;
  if new.brand_id is not null
     and exists (select 1 from public.size_guides g where g.brand_id = new.brand_id and g.tipo_talla = new.tipo_talla and g.id <> new.id) then
    raise exception 'Esa marca ya tiene una guía de tallas de %', v_kind_label using errcode = 'PT409';
  end if;
  return new;
end
$$;
comment on function private.check_size_guide() is 'BEFORE INSERT/UPDATE trigger of size_guides: checks and tidies a guide (name, kind, one owner, 1-40 rows with a unique MX size, US/EU sizes, the kind''s measurements in cm, note), one guide per category, subcategory, and brand and kind; Spanish messages.';

create trigger check_size_guide
  before insert or update on public.size_guides
  for each row execute function private.check_size_guide();

create trigger set_updated_at
  before update on public.size_guides
  for each row execute function public.set_updated_at();

-- ─── Which guide a product shows ──────────────────────────────────────────────────────────────
-- The one place the precedence is decided. A product's kind of size is its subcategory's
-- tipo_talla, or else its category's. Its guide is, from the most specific:
--   1. its brand's guide for its kind ("Nike calzado"),
--   2. its subcategory's guide,
--   3. its category's guide,
-- or none. A brand's guide applies only to products whose kind is known and the same. Called as a
-- column of products by the shop's reads (PostgREST: products?select=...,size_guide_id), with the
-- caller's rights (a hidden category or subcategory gives no kind and no guide).
create function public.size_guide_id(p public.products)
returns uuid
language sql
stable
set search_path = ''
as $$
  select g.id
    from public.size_guides g
   where g.subcategory_id = p.subcategory_id
      or g.category_id = p.category_id
      or (g.brand_id = p.brand_id
          and g.tipo_talla = coalesce(
            (select s.tipo_talla from public.subcategories s where s.id = p.subcategory_id),
            (select c.tipo_talla from public.categories c where c.id = p.category_id)))
   order by case when g.brand_id is not null then 1 when g.subcategory_id is not null then 2 else 3 end
   limit 1
$$;
comment on function public.size_guide_id(public.products) is 'The size guide a product shows: its brand''s guide for its kind (subcategory''s tipo_talla, else its category''s), else its subcategory''s, else its category''s; null when none.';
grant execute on function public.size_guide_id(public.products) to anon, authenticated;
