-- 'Avisos' counts apart the emails whose requests wait for their owner's confirmation: they are not
-- told until confirmed. The summary gains a column, so it is made anew.
drop function public.get_alert_waiting_summary();
drop function private.get_alert_waiting_summary();

-- The requests waiting now, by kind (campana: a campaign's opening, talla: a size back, termina: a
-- favourite's campaign ending tomorrow), every kind answered, zeros included: people (contacts),
-- those by push and by email, and the requests they hold; apart, the emails whose requests of the
-- kind wait for their owner's confirmation (por_confirmar: not told until confirmed, 26_alerts.sql).
create function private.get_alert_waiting_summary()
returns table(tipo text, personas bigint, push bigint, email bigint, solicitudes bigint, por_confirmar bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    select k.tipo,
           count(distinct s.contacto),
           count(distinct s.contacto) filter (where s.canal = 'push'),
           count(distinct s.contacto) filter (where s.canal = 'email'),
           count(s.id),
           (select count(distinct r.email) from private.alert_email_requests r where r.tipo = k.tipo)
      from (values (1, 'campana'), (2, 'talla'), (3, 'termina')) as k(orden, tipo)
      left join private.alert_subscriptions s on s.tipo = k.tipo
     group by k.orden, k.tipo
     order by k.orden;
end
$$;
comment on function private.get_alert_waiting_summary() is 'Staff only (No autorizado otherwise): the alert requests waiting now per kind (campana, talla, termina): people (contacts), by push, by email, requests, and emails waiting for their owner''s confirmation. Counts only.';
grant execute on function private.get_alert_waiting_summary() to anon, authenticated, service_role;

create function public.get_alert_waiting_summary()
returns table(tipo text, personas bigint, push bigint, email bigint, solicitudes bigint, por_confirmar bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_alert_waiting_summary() $$;
comment on function public.get_alert_waiting_summary() is 'Avisos (staff only): people waiting for an alert now, per kind and channel, and emails waiting for their confirmation (private.get_alert_waiting_summary).';
grant execute on function public.get_alert_waiting_summary() to anon, authenticated;
