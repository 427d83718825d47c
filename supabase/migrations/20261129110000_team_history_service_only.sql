-- Nobody writes the history by hand: record_team_change took the owner's own session, so an owner
-- could call it directly and store a made-up team entry. Now only the service role (the admin-users
-- function, after checking the caller is an owner) may, naming the owner, whose email the database
-- reads from their account.
drop function public.record_team_change(text, text, jsonb, jsonb);
drop function private.record_team_change(text, text, jsonb, jsonb);

-- The team's changes happen in Supabase Auth, outside these tables: the admin-users function, and
-- only it (the service role; no signed-in role may call this), records each one for the owner who
-- made it, after checking with the owner's own session that they are one. The entry names that
-- owner as their account says now, so nobody can store a made-up entry in someone's name.
create function private.record_team_change(p_actor uuid, p_action text, p_email text, p_before jsonb, p_after jsonb)
returns void
language plpgsql
security definer -- writes public.audit_changes
set search_path = ''
as $$
declare
  v_actor_email text;
begin
  select u.email into v_actor_email from auth.users u
   where u.id = p_actor and u.raw_app_meta_data ->> 'role' = 'owner' and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= now());
  if not found then
    raise exception 'Solo un dueño activo cambia el equipo' using errcode = '42501';
  end if;
  if p_action is null or p_action !~ '^[a-z_]{3,40}$' then
    raise exception 'Acción no válida' using errcode = '22023';
  end if;
  insert into public.audit_changes
    (actor_id, actor_email, actor_role, request, table_name, action, subject_type, subject_id, subject_label, before, after)
  values (
    p_actor, v_actor_email, 'owner', 'POST /functions/admin-users ' || p_action, 'auth.users',
    case when p_action = 'invite' then 'insert' else 'update' end,
    'team', lower(left(p_email, 254)), lower(left(p_email, 254)), p_before, p_after
  );
end
$$;
comment on function private.record_team_change(uuid, text, text, jsonb, jsonb) is 'Service role only (the admin-users function): records a change to the team, made through Supabase Auth by the active owner p_actor, in the history.';
revoke execute on function private.record_team_change(uuid, text, text, jsonb, jsonb) from public;
grant execute on function private.record_team_change(uuid, text, text, jsonb, jsonb) to service_role;

create function public.record_team_change(p_actor uuid, p_action text, p_email text, p_before jsonb, p_after jsonb)
returns void
language sql
set search_path = ''
as $$
  select private.record_team_change(p_actor, p_action, p_email, p_before, p_after)
$$;
comment on function public.record_team_change(uuid, text, text, jsonb, jsonb) is 'Service role only (the admin-users function): records a change to the team in the history.';
grant execute on function public.record_team_change(uuid, text, text, jsonb, jsonb) to service_role;
