-- The conversion funnel's last step: sessions that sent an order to the chat (public.orders).
-- The report's columns change, so it is dropped and made again.
drop function public.get_conversion_funnel_report(date, date);
drop function private.get_conversion_funnel_report(date, date);

create function private.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    with c as (
      select count(*) as total,
             count(*) filter (where r.searches > 0) as b,
             count(*) filter (where r.filters > 0) as f,
             count(*) filter (where r.clicks > 0) as k
        from private.session_rows(private.day_start(start_date, '-infinity'), private.day_start(end_date + 1, 'infinity')) r
    ),
    -- the last step: sessions that sent an order to the chat (08_orders.sql) in the period
    o as (
      select count(distinct x.session_id) as p
        from public.orders x
       where x.created_at >= private.day_start(start_date, '-infinity')
         and x.created_at < private.day_start(end_date + 1, 'infinity')
    )
    select c.total, c.b, c.f, c.k,
           coalesce(round(100.0 * c.b / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.f / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.k / nullif(c.total, 0), 1), 0),
           o.p,
           coalesce(round(100.0 * o.p / nullif(c.total, 0), 1), 0)
      from c cross join o;
end
$$;
comment on function private.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_conversion_funnel_report(date, date) to authenticated, service_role;

create function public.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_conversion_funnel_report($1, $2) $$;
comment on function public.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_conversion_funnel_report(date, date) to authenticated;
