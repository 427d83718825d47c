-- Roles of a hosted Supabase project, with the attributes the platform gives them
-- (supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql and
-- migrations/10000000000000_demote-postgres.sql). Runs once, as supabase_admin, the superuser initdb
-- created; on hosted projects nobody but Supabase has a superuser either.
--
-- Every login role here has the password `postgres` so the local tools can connect; on hosted projects
-- the passwords are the project's own.

-- The API roles PostgREST switches to: a request runs as exactly one of them.
create role anon nologin inherit;
create role authenticated nologin inherit;
create role service_role nologin inherit bypassrls;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- PostgREST's login: holds no rights of its own (noinherit) and may only switch to the API roles.
-- Hosted projects also preload `safeupdate` for it (no DELETE/UPDATE without WHERE); this Postgres
-- build does not ship that library, so the platform-built database (scripts/stack/platform.ts) has the setting removed too
-- (scripts/stack/platform.ts).
create role authenticator login noinherit password 'postgres';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
grant anon, authenticated, service_role to authenticator with inherit false, set true;

-- The services' own roles: Auth (GoTrue) owns the auth schema, Storage owns the storage schema.
-- Storage switches to the caller's API role through authenticator, so RLS decides each request.
create role supabase_auth_admin login noinherit createrole password 'postgres';
alter role supabase_auth_admin set search_path = auth;
alter role supabase_auth_admin set idle_in_transaction_session_timeout = 60000;
create role supabase_storage_admin login noinherit createrole password 'postgres';
alter role supabase_storage_admin set search_path = storage;
grant authenticator to supabase_storage_admin;

-- The dashboard's role and the platform's service roles (no login here; kept so grants match).
create role dashboard_user nologin inherit createrole createdb replication;
create role supabase_read_only_user login inherit bypassrls password 'postgres';
grant pg_read_all_data to supabase_read_only_user;
create role supabase_replication_admin login inherit replication password 'postgres';

-- `postgres`, the project owner's role and the one migrations run as: NOT a superuser on hosted
-- projects. It may create roles and databases, bypasses RLS, and is a member of the API and service
-- roles (so it can `set role` to any of them and read what they own).
create role postgres login inherit createrole createdb replication bypassrls password 'postgres';
-- The platform writes "\$user" (init-scripts/00000000000003-post-setup.sql): a schema literally named
-- \$user, which never exists, so the path is public, extensions in practice. Copied as is.
alter role postgres set search_path = "\$user", public, extensions;
grant anon, authenticated, service_role, supabase_auth_admin, supabase_storage_admin to postgres;
grant pg_monitor, pg_read_all_data, pg_signal_backend to postgres;
-- What supautils lets postgres do on hosted projects that plain Postgres reserves to superusers.
grant set on parameter session_replication_role to postgres;

alter role supabase_admin set search_path = "\$user", public, auth, extensions;
