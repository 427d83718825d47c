-- The database, the public and extensions schemas and the default privileges of a hosted project
-- (supabase/postgres init-scripts/00000000000000-initial-schema.sql, 00000000000003-post-setup.sql).

-- The project owner owns the database; the dashboard may connect and create.
-- (the database this runs in: `postgres` on a stack, or a second database made for a test)
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant all on database %I to dashboard_user', current_database());
end
$$;

-- public: the API roles may use it; what they may do with its objects is granted object by object.
grant usage on schema public to postgres, anon, authenticated, service_role;

-- extensions: where the platform installs extensions (pgcrypto, uuid-ossp), owned by postgres.
create schema extensions authorization postgres;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on schema extensions to dashboard_user;
-- The platform installs them while postgres is still a superuser, so postgres owns them and their
-- functions; the same here, for the length of these two statements.
alter role postgres superuser;
set role postgres;
create extension "uuid-ossp" with schema extensions;
create extension pgcrypto with schema extensions;
reset role;
alter role postgres nosuperuser;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on functions to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

-- graphql_public: one of the schemas PostgREST serves (empty without pg_graphql).
create schema graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on sequences to postgres, anon, authenticated, service_role;

-- Supabase's default privileges on public: whatever postgres or supabase_admin creates there is open to
-- the API roles and RLS decides. Our migrations revoke these and grant back deliberately.
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
