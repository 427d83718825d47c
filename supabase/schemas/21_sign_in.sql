-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 21 · Sign-in: two-step codes cannot be guessed
--
-- Entry point: public.hook_mfa_verification_attempt.
--
-- An authenticator app accepts about three codes at any moment out of a million; with unlimited
-- tries, a password thief needs only time. Supabase Auth leaves attempt limits to the project: it
-- calls public.hook_mfa_verification_attempt (its MFA verification hook, switched on in
-- supabase/config.toml and, on a hosted project, in the dashboard) on every code checked, and a
-- 'reject' answer refuses the attempt and signs the person out of every session.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- The wrong codes of each authenticator app in the last day.
create table private.two_factor_failures (
  factor_id uuid not null,
  user_id uuid not null,
  at timestamptz not null default now()
);
comment on table private.two_factor_failures is 'Wrong two-step codes per authenticator app (factor) in the last day: what the MFA verification hook limits.';
create index two_factor_failures_factor_idx on private.two_factor_failures (factor_id, at);
alter table private.two_factor_failures enable row level security;

-- Supabase Auth's MFA verification hook. Event: {factor_id, factor_type, user_id, valid}. An app
-- takes 5 wrong codes in 15 minutes and 20 in a day; the wrong code that reaches either limit, and
-- every code after it until the oldest of those ages out (right ones too: the thief may guess right),
-- is answered {decision: 'reject', message} in Spanish, and each refusal is written to the history
-- (the team's entries), so an owner sees someone trying. A right code within the limits clears the
-- app's count. Attempts refused while locked are not counted, so the lock ends on its own.
create function public.hook_mfa_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security definer -- writes private.two_factor_failures and the history for Supabase Auth
set search_path = ''
as $$
declare
  v_factor uuid;
  v_user uuid;
  v_valid boolean := coalesce((event -> 'valid') = 'true'::jsonb, false);
  v_recent integer;
  v_today integer;
  v_email text;
  v_message text;
  v_action text;
begin
  if not pg_input_is_valid(event ->> 'factor_id', 'uuid') or not pg_input_is_valid(event ->> 'user_id', 'uuid') then
    return jsonb_build_object('decision', 'reject', 'message', 'No se pudo comprobar el código.');
  end if;
  v_factor := (event ->> 'factor_id')::uuid;
  v_user := (event ->> 'user_id')::uuid;
  -- one attempt of an app at a time, so two at once cannot both slip under the limit
  perform pg_advisory_xact_lock(hashtextextended('two_factor:' || v_factor, 0));
  delete from private.two_factor_failures f where f.at < now() - interval '1 day';
  select count(*) filter (where f.at > now() - interval '15 minutes'), count(*)
    into v_recent, v_today
    from private.two_factor_failures f where f.factor_id = v_factor;

  if v_recent < 5 and v_today < 20 then
    if v_valid then
      delete from private.two_factor_failures f where f.factor_id = v_factor;
      return jsonb_build_object('decision', 'continue');
    end if;
    insert into private.two_factor_failures (factor_id, user_id) values (v_factor, v_user);
    v_recent := v_recent + 1;
    v_today := v_today + 1;
    if v_recent < 5 and v_today < 20 then
      return jsonb_build_object('decision', 'continue');
    end if;
    v_action := 'two_factor_locked';
  else
    v_action := 'two_factor_refused';
  end if;

  v_message := case when v_today >= 20
    then 'Demasiados códigos incorrectos hoy. Por seguridad cerramos tu sesión: inténtalo mañana o pide a un dueño que restablezca tu verificación en dos pasos.'
    else 'Demasiados códigos incorrectos. Por seguridad cerramos tu sesión: espera 15 minutos y vuelve a iniciar sesión.'
  end;
  select u.email into v_email from auth.users u where u.id = v_user;
  insert into public.audit_changes
    (actor_id, actor_email, actor_role, request, table_name, action, subject_type, subject_id, subject_label, before, after)
  values (
    null, null, 'database', 'POST /auth/v1/factors/verify ' || v_action, 'auth.users', 'update',
    'team', lower(v_email), lower(v_email), null,
    jsonb_build_object('failed_codes', case when v_today >= 20 then v_today else v_recent end)
  );
  return jsonb_build_object('decision', 'reject', 'message', v_message);
end
$$;
comment on function public.hook_mfa_verification_attempt(jsonb) is 'Supabase Auth''s MFA verification hook: 5 wrong codes per authenticator app in 15 minutes, 20 a day; past them every attempt is rejected (Spanish message) and recorded in the history. Only Auth (supabase_auth_admin) calls it.';
revoke execute on function public.hook_mfa_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant usage on schema public to supabase_auth_admin;
grant execute on function public.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;
