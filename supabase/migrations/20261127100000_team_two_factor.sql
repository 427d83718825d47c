-- The team may require a second factor of everyone: private.team_settings holds the rule,
-- private.staff_role applies it, owners switch it (only from an aal2 session themselves).

create table private.team_settings (
  id smallint primary key default 1 check (id = 1),
  require_two_factor boolean not null default false,
  updated_at timestamptz not null default now()
);
comment on table private.team_settings is 'The team''s rules (one row): whether every staff member must sign in with a second factor.';
alter table private.team_settings enable row level security;
insert into private.team_settings default values;

create or replace function private.staff_role()
returns text
language sql
stable
security definer -- reads auth.users and auth.mfa_factors, which no API role may read
set search_path = ''
as $$
  select u.raw_app_meta_data ->> 'role'
  from auth.users u
  where u.id = auth.uid()
    and u.raw_app_meta_data ->> 'role' in ('owner', 'editor', 'analyst')
    and u.deleted_at is null
    and (u.banned_until is null or u.banned_until <= now())
    and (
      coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or (
        not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified')
        and not coalesce((select t.require_two_factor from private.team_settings t where t.id = 1), false)
      )
    )
$$;
comment on function private.staff_role() is
  'The caller''s back-office role (owner, editor or analyst) from their account''s app_metadata; null for the public, a deactivated account, or a session without a second factor (aal2) when the person has one or the team requires it.';

-- Whether the team requires a second factor: what the sign-in asks a person without one to set up.
create function private.team_two_factor_required()
returns boolean
language sql
stable
security definer -- private.team_settings is no API role's to read
set search_path = ''
as $$
  select coalesce((select t.require_two_factor from private.team_settings t where t.id = 1), false)
$$;
comment on function private.team_two_factor_required() is 'True when every staff member must sign in with a second factor (private.team_settings).';
revoke execute on function private.team_two_factor_required() from public;
grant execute on function private.team_two_factor_required() to authenticated, service_role;

create function public.team_two_factor_required()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.team_two_factor_required()
$$;
comment on function public.team_two_factor_required() is 'True when every staff member must sign in with a second factor; any signed-in person may ask.';
grant execute on function public.team_two_factor_required() to authenticated;

-- Owners switch the rule. Switching it on takes a session that passed a second factor itself, so
-- an owner never locks the whole team out, themselves included.
create function private.set_team_two_factor_required(p_required boolean)
returns boolean
language plpgsql
security definer -- writes private.team_settings
set search_path = ''
as $$
begin
  perform private.assert_owner();
  if p_required and coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then
    raise exception 'Activa primero tu verificación en dos pasos (Mi cuenta) para poder exigirla al equipo.'
      using errcode = 'P0001';
  end if;
  update private.team_settings set require_two_factor = coalesce(p_required, false), updated_at = now() where id = 1;
  return coalesce(p_required, false);
end
$$;
comment on function private.set_team_two_factor_required(boolean) is 'Owners only: requires (or not) a second factor of everyone on the team; switching it on takes an aal2 session.';
revoke execute on function private.set_team_two_factor_required(boolean) from public;
grant execute on function private.set_team_two_factor_required(boolean) to authenticated;

create function public.set_team_two_factor_required(p_required boolean)
returns boolean
language sql
set search_path = ''
as $$
  select private.set_team_two_factor_required(p_required)
$$;
comment on function public.set_team_two_factor_required(boolean) is 'Owners only: requires (or not) a second factor of everyone on the team.';
grant execute on function public.set_team_two_factor_required(boolean) to authenticated;
