-- ─── A build that died is not waited for forever ─────────────────────────────────────────────
-- A publication stays 'building' until its build reports back. If the build never does (the CI
-- job was cancelled, the local worker crashed), the changes it claimed would never be published.
-- A publication still building after 70 minutes (the publish workflow's own limit is 60) is
-- closed as failed and the rebuild requests it claimed return to 'pending', so the next
-- publication carries them. Every decision to publish and every build start runs this first; the
-- local worker, the only builder on its machine, runs it with no wait when it starts.
create or replace function private.reclaim_stalled_publications(p_older_than interval default interval '70 minutes')
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_ids bigint[];
begin
  with stalled as (
    update public.publications
       set status = 'failed', finished_at = now(),
           error = 'La publicación no terminó; sus cambios se publicarán en la siguiente.'
     where status = 'building' and started_at <= now() - p_older_than
    returning id
  )
  select coalesce(array_agg(id), '{}') into v_ids from stalled;
  if cardinality(v_ids) > 0 then
    update public.rebuild_requests
       set status = 'pending', started_at = null, publication_id = null
     where status = 'building' and publication_id = any (v_ids);
  end if;
  -- requests claimed by no publication at all (claimed before publications existed) also return
  update public.rebuild_requests
     set status = 'pending', started_at = null
   where status = 'building' and publication_id is null and started_at <= now() - p_older_than;
  return cardinality(v_ids);
end
$$;
comment on function private.reclaim_stalled_publications(interval) is
  'Fails publications building for longer than p_older_than and puts the requests they claimed back to pending.';
revoke all on function private.reclaim_stalled_publications(interval) from public, anon, authenticated;
-- the publishing steps run as the service role
grant execute on function private.reclaim_stalled_publications(interval) to service_role;

create or replace function public.request_publication(p_trigger text, p_force boolean default false)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_waiting bigint;
  v_id bigint;
begin
  -- one decision at a time, so two simultaneous asks cannot both dispatch
  perform pg_advisory_xact_lock(hashtext('public.request_publication'));
  perform private.reclaim_stalled_publications();

  update public.publications
     set status = 'failed', finished_at = now(), error = 'La publicación no inició en 15 minutos.'
   where status = 'requested' and requested_at < now() - interval '15 minutes';

  select p.id into v_waiting from public.publications p where p.status = 'requested' order by p.id limit 1;
  if v_waiting is not null then
    return jsonb_build_object('dispatch', false, 'publication_id', v_waiting, 'reason', 'coalesced');
  end if;

  if not p_force and not exists (select 1 from public.rebuild_requests r where r.status = 'pending') then
    return jsonb_build_object('dispatch', false, 'publication_id', null, 'reason', 'nothing_pending');
  end if;

  insert into public.publications (trigger) values (p_trigger) returning id into v_id;
  perform pg_notify('publication_requested', v_id::text);
  return jsonb_build_object('dispatch', true, 'publication_id', v_id, 'reason', 'dispatched');
end
$$;

create or replace function public.start_publication(
  p_trigger text,
  p_publication_id bigint default null,
  p_commit_sha text default null
)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  perform private.reclaim_stalled_publications();
  if p_publication_id is not null then
    update public.publications
       set status = 'building', started_at = now(), commit_sha = p_commit_sha
     where id = p_publication_id and status = 'requested'
    returning id into v_id;
  end if;
  if v_id is null then
    insert into public.publications (trigger, status, started_at, commit_sha)
    values (p_trigger, 'building', now(), p_commit_sha)
    returning id into v_id;
  end if;
  update public.publications
     set status = 'skipped', finished_at = now(), error = 'Incluida en la publicación ' || v_id || '.'
   where status = 'requested' and id <> v_id;
  update public.rebuild_requests
     set status = 'building', started_at = now(), publication_id = v_id
   where status = 'pending';
  return v_id;
end
$$;
