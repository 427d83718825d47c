-- ─── Publications ──────────────────────────────────────────────────────────────────────────
-- One row per attempt to publish the static shop: who asked (trigger), when it was requested,
-- started and finished, how it ended, and what it built. Written by the local rebuild worker and,
-- in production, by the request-rebuild Edge Function (which dispatches the CI workflow) and by the
-- workflow itself, always through the service role. Admins read it to see the shop's state.
--
-- Coalescing, so a burst of edits (an import, a merge) gives one or two publications, not hundreds:
--   * a publication is dispatched only while rebuild requests are pending (or an admin insists);
--   * while one is 'requested' (dispatched, its build not started yet) later asks join it, since
--     its build will take every request pending when it starts;
--   * once that build has started, the next ask dispatches exactly one more, which the workflow's
--     concurrency group queues behind the running build;
--   * a 'requested' row whose build never started within 15 minutes is closed as failed, so a lost
--     dispatch cannot block publishing forever.

create table public.publications (
  id bigint generated always as identity primary key,
  trigger text not null check (trigger in ('admin', 'manual', 'schedule', 'midnight', 'local')),
  status text not null default 'requested'
    check (status in ('requested', 'building', 'published', 'failed', 'skipped')),
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  commit_sha text check (char_length(commit_sha) <= 64),
  pages integer check (pages >= 0),
  duration_ms integer check (duration_ms >= 0),
  error text check (char_length(error) <= 2000)
);
comment on table public.publications is
  'One row per publication of the static shop (requested, building, published, failed or skipped), for the back office status.';
create index publications_requested_at_idx on public.publications (requested_at desc);

alter table public.publications enable row level security;
revoke all on public.publications from anon, authenticated;
grant select on public.publications to authenticated;
grant all on public.publications to service_role;
create policy publications_admin_read on public.publications
  for select to authenticated using ((select public.is_admin()));

-- Requests claimed by a build point at it, so a request that lands during a build stays pending.
alter table public.rebuild_requests add column publication_id bigint references public.publications (id) on delete set null;
create index rebuild_requests_publication_idx on public.rebuild_requests (publication_id);

-- ─── What the Edge Function asks before dispatching ─────────────────────────────────────────
-- Returns {dispatch, publication_id, reason}: reason is 'dispatched', 'nothing_pending' or
-- 'coalesced' (the id of the publication that will carry the changes). p_force (the admin's
-- 'Publicar ahora') dispatches even with nothing pending, still joining a publication not started.
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
comment on function public.request_publication(text, boolean) is
  'Service role: decides whether to dispatch a publication (pending requests, none waiting to start) and records it.';

-- A dispatch that could not be sent (the CI or deploy hook refused it) ends its publication.
create or replace function public.fail_publication(p_id bigint, p_error text)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.publications
     set status = 'failed', finished_at = now(), error = left(coalesce(p_error, 'Error desconocido'), 2000)
   where id = p_id and status in ('requested', 'building');
$$;

-- A build begins: it takes the publication it was dispatched for (or a new one for a scheduled
-- run) and claims every pending rebuild request. Any other publication still waiting to start is
-- closed as included in this one: the CI runs one publication at a time and the newest waiting
-- run replaces older ones, and this build carries every pending change anyway. Returns the id.
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

-- A build ends: published (with its page count and duration) or failed (with the error). The
-- requests it claimed end the same way; after a failure `npm run publish:check` retries on the
-- next scheduled run.
create or replace function public.finish_publication(
  p_id bigint,
  p_ok boolean,
  p_pages integer default null,
  p_duration_ms integer default null,
  p_error text default null
)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_error text := case when p_ok then null else left(coalesce(p_error, 'Error desconocido'), 2000) end;
begin
  update public.publications
     set status = case when p_ok then 'published' else 'failed' end,
         finished_at = now(), pages = p_pages, duration_ms = p_duration_ms, error = v_error
   where id = p_id;
  update public.rebuild_requests
     set status = case when p_ok then 'published' else 'failed' end, finished_at = now(), error = v_error
   where publication_id = p_id;
end
$$;

-- What `npm run publish:check` decides on: pending requests, the last finished publication, and
-- every campaign's dates (a campaign that started or ended since then changes the static pages).
create or replace function public.publication_state()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'pending', (select count(*) from public.rebuild_requests r where r.status = 'pending'),
    'last', (
      select jsonb_build_object('status', p.status, 'finished_at', p.finished_at)
      from public.publications p
      where p.status in ('published', 'failed')
      order by p.finished_at desc
      limit 1
    ),
    'campaigns', coalesce((
      select jsonb_agg(jsonb_build_object('start', c.fecha_inicio, 'end', c.fecha_fin) order by c.fecha_inicio)
      from public.campaigns c
    ), '[]'::jsonb)
  )
$$;

revoke all on function
  public.request_publication(text, boolean),
  public.fail_publication(bigint, text),
  public.start_publication(text, bigint, text),
  public.finish_publication(bigint, boolean, integer, integer, text),
  public.publication_state()
  from public, anon, authenticated;
grant execute on function
  public.request_publication(text, boolean),
  public.fail_publication(bigint, text),
  public.start_publication(text, bigint, text),
  public.finish_publication(bigint, boolean, integer, integer, text),
  public.publication_state()
  to service_role;
