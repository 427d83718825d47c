-- A size whose pieces all sold stays in a product's piezas (libres 0, apartadas 0): the product page
-- shows it sold out and offers to tell the shopper when it comes back, instead of hiding it.
create or replace function public.piezas_of(p_ids uuid[])
returns table (product_id uuid, piezas jsonb)
language sql
stable
set search_path = ''
as $$
  select p.id,
         case
           when count(s.id) > 0 then
             jsonb_agg(jsonb_build_object('talla', btrim(s.talla), 'libres', s.existencias - s.apartadas, 'apartadas', s.apartadas)
                       order by public.size_sort_key(s.talla), btrim(s.talla))
           else jsonb_build_array(jsonb_build_object('talla', null, 'libres', p.existencias - p.apartadas, 'apartadas', p.apartadas))
         end
    from public.products p
    left join public.product_sizes s on s.product_id = p.id
   where p.id = any (p_ids)
   group by p.id
$$;

comment on function public.piezas(public.products) is 'Computed column: [{talla, libres, apartadas}] per size, in size order (libres: for sale now; a size sold out has 0 and 0); one entry with talla null for a product without sizes.';
