-- The storage schema as Supabase Storage leaves it on a hosted project (supabase/storage
-- migrations/tenant/), limited to what the shop and the local gateway (scripts/stack/gateway/storage)
-- use: buckets, objects, the triggers on them and the path functions policies call. Tables and
-- functions belong to supabase_storage_admin; tests/db/platform-catalogue.test.ts proves the match.

-- Schema owned by supabase_admin (init-scripts/00000000000002-storage-schema.sql); the API roles may
-- use it, RLS on its tables decides what they see.
create schema storage authorization supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin, dashboard_user;
grant create on schema storage to postgres;

-- What postgres creates here is open to the API roles, as in public.
alter default privileges for role postgres in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

set role supabase_storage_admin;

create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');

-- ─── Triggers' functions ─────────────────────────────────────────────────────────────────
create function storage.update_updated_at_column() returns trigger language plpgsql as $$
BEGIN
    NEW.updated_at = now();
    RETURN NEW; 
END;
$$;

create function storage.enforce_bucket_name_length() returns trigger language plpgsql as $$
begin
    if length(new.name) > 100 then
        raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
    end if;
    return new;
end;
$$;

-- Rows of buckets and objects may only be deleted through the Storage API, which sets
-- storage.allow_delete_query for its own transactions: a plain DELETE would orphan stored files.
create function storage.protect_delete() returns trigger language plpgsql as $$
BEGIN
    -- Check if storage.allow_delete_query is set to 'true'
    IF COALESCE(current_setting('storage.allow_delete_query', true), 'false') != 'true' THEN
        RAISE EXCEPTION 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
            USING HINT = 'This prevents accidental data loss from orphaned objects.',
                  ERRCODE = '42501';
    END IF;
    RETURN NULL;
END;
$$;

-- ─── buckets ─────────────────────────────────────────────────────────────────────────────
create table storage.buckets (
  id text not null,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED',
  constraint buckets_pkey primary key (id),
  constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED'),
  constraint buckets_versioning_standard_only_check check (type = 'STANDARD' or versioning_status = 'DISABLED'),
  constraint buckets_versioning_status_check check (versioning_status = any (array['DISABLED', 'ENABLED', 'SUSPENDED']))
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index bname on storage.buckets (name);
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();

-- ─── objects: one row per stored file; path_tokens split the name for policies ─────────────
create table storage.objects (
  id uuid not null default gen_random_uuid(),
  bucket_id text,
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false,
  constraint objects_pkey primary key (id),
  constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id)
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index bucketid_objname on storage.objects (bucket_id, name);
create index name_prefix_search on storage.objects (name text_pattern_ops);
create index idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
-- The API roles reach both tables; the project's policies decide what each request may do.
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant all on storage.buckets, storage.objects to postgres with grant option;

-- ─── Path functions policies use: foldername('a/b/c.png') = {a,b}, filename = 'c.png', extension = 'png'
create function storage.foldername(name text) returns text[] language plpgsql immutable as $$
DECLARE
    _parts text[];
BEGIN
    -- Split on "/" to get path segments
    SELECT string_to_array(name, '/') INTO _parts;
    -- Return everything except the last segment
    RETURN _parts[1 : array_length(_parts,1) - 1];
END
$$;

create function storage.filename(name text) returns text language plpgsql immutable as $$
DECLARE
    _parts text[];
BEGIN
    SELECT string_to_array(name, '/') INTO _parts;
    RETURN _parts[array_length(_parts, 1)];
END
$$;

create function storage.extension(name text) returns text language plpgsql immutable as $$
DECLARE
    _parts text[];
    _filename text;
BEGIN
    -- Split on "/" to get path segments
    SELECT string_to_array(name, '/') INTO _parts;
    -- Get the last path segment (the actual filename)
    SELECT _parts[array_length(_parts, 1)] INTO _filename;
    -- Extract extension: reverse, split on '.', then reverse again
    RETURN reverse(split_part(reverse(_filename), '.', 1));
END
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role, dashboard_user, postgres;

reset role;
