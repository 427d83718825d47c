-- ─── Only a change can ask for a rebuild ───────────────────────────────────────────────────
-- request_rebuild() is a statement trigger, and a statement trigger fires even when the statement
-- touched no row. A signed-in user without the admin claim holds UPDATE and DELETE on the
-- catalogue tables (row-level security then lets them reach no row), so any such user could send
-- `PATCH /rest/v1/products?id=not.is.null` and record a rebuild request that changed nothing,
-- over and over: each one rebuilds the local shop and makes the next scheduled publication run.
-- Only an admin, the service role or a direct database session can change these tables, so only
-- their statements record a request now. The rest of the body is that of 20261121001000.
create or replace function public.request_rebuild()
returns trigger
language plpgsql
security definer -- writers (admins) have no insert right on rebuild_requests
set search_path = ''
as $$
declare
  why text := tg_table_name || ' ' || lower(tg_op);
begin
  -- the shop's public and signed-in users without the admin claim can change no catalogue row
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') and not public.is_admin() then
    return null;
  end if;
  update public.rebuild_requests
     set reason = left(reason || ', ' || why, 500)
   where status = 'pending' and position(why in reason) = 0;
  if not exists (select 1 from public.rebuild_requests where status = 'pending') then
    insert into public.rebuild_requests (reason) values (why);
  end if;
  perform pg_notify('rebuild_requested', why);
  return null;
end;
$$;
