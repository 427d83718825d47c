#!/usr/bin/env bash
# Builds a Postgres database shaped like a hosted Supabase project's from Supabase's own SQL (the
# folders platform-sources.ts finds) and leaves it running for the caller, in the order the platform
# applies it:
#   1. supabase/postgres init-scripts as `postgres` (still a superuser then), then its migrations as
#      supabase_admin (they demote `postgres` to a non-superuser); a migration that needs an extension
#      this Postgres build lacks (pg_graphql, pgsodium, vault, pg_cron, pg_net, pgjwt, supautils)
#      fails and is listed in the last line;
#   2. supabase/auth migrations/*.up.sql as supabase_auth_admin, in file-name order, each in one
#      transaction, with the Auth server's Namespace set to `auth`;
#   3. supabase/storage migrations/tenant/*.sql as supabase_storage_admin, in numeric order (each in
#      one transaction unless it runs CONCURRENTLY or commits itself);
#   4. what supautils allows on hosted projects and plain Postgres does not: `postgres` may set
#      session_replication_role.
# Then the caller applies supabase/migrations as `postgres` (not a superuser), as `supabase db push` does.
#
# Usage: platform-build.sh BIN_DIR DATA_DIR PORT INIT_SCRIPTS MIGRATIONS AUTH STORAGE
#   BIN_DIR holds initdb, pg_ctl and postgres (the embedded-postgres package's native/bin). Needs psql.
#   As root, the server runs as the OS user PLATFORM_OS_USER (created if missing, default pgplatform):
#   Postgres refuses to run as root. Connect as supabase_admin (superuser) or postgres, no password
#   (trust on 127.0.0.1). The last line says whether `postgres` is still a superuser.
set -u
BIN=${1:?BIN_DIR}; DATA=${2:?DATA_DIR}; PORT=${3:?PORT}
INIT=${4:?INIT_SCRIPTS}; MIGRATIONS=${5:?MIGRATIONS}; AUTH=${6:?AUTH}; STORAGE=${7:?STORAGE}
command -v psql >/dev/null || { echo "platform: psql missing (apt-get install postgresql-client)"; exit 2; }
mkdir -p "$DATA"; DATA=$(cd "$DATA" && pwd); log=$DATA.log; tmp=$(mktemp -d)
if [ "$(id -u)" = 0 ]; then
  u=${PLATFORM_OS_USER:-pgplatform}; id "$u" >/dev/null 2>&1 || useradd -M -s /bin/sh "$u"
  chown "$u" "$DATA" "$tmp"; touch "$log"; chown "$u" "$log"; as() { runuser -u "$u" -- "$@"; }
  as test -x "$DATA" || { echo "platform: user $u cannot reach $DATA: choose a folder whose parents others may enter (e.g. under /tmp)"; exit 2; }
else as() { "$@"; }; fi
as "$BIN/initdb" -D "$DATA" -U supabase_admin --auth=trust -E UTF8 >"$tmp/initdb.log" 2>&1 || { echo "platform: initdb failed"; cat "$tmp/initdb.log"; exit 2; }
as "$BIN/pg_ctl" -D "$DATA" -o "-p $PORT -k $tmp -c listen_addresses=127.0.0.1" -l "$log" start -w >/dev/null || { echo "platform: postgres did not start"; exit 2; }
q() { local u=$1; shift; psql -h 127.0.0.1 -p "$PORT" -U "$u" -d postgres -v ON_ERROR_STOP=1 -X -q "$@" >/dev/null 2>"$tmp/err"; }
err() { grep -m1 -E 'ERROR|FATAL' "$tmp/err" | head -c 240; }
skipped=""
q supabase_admin -c "create role postgres superuser login; alter database postgres owner to postgres;"
for f in "$INIT"/*.sql; do
  # pgjwt is not in this Postgres build; nothing the project uses needs it
  sed -E '/create extension if not exists pgjwt/d' "$f" > "$tmp/s.sql"
  q postgres -f "$tmp/s.sql" || echo "platform init $(basename "$f"): $(err)"
done
for f in "$MIGRATIONS"/*.sql; do q supabase_admin -f "$f" || skipped="$skipped $(basename "$f" .sql)"; done
for f in $(ls "$AUTH"/*.up.sql | sort); do
  { echo "set search_path = auth;"; sed 's/{{ *index .Options "Namespace" *}}/auth/g' "$f"; } > "$tmp/s.sql"
  q supabase_auth_admin -1 -f "$tmp/s.sql" || echo "platform auth $(basename "$f"): $(err)"
done
for f in $(ls "$STORAGE"/*.sql | awk -F/ '{split($NF,a,"-"); print a[1]+0, $0}' | sort -n | cut -d' ' -f2); do
  one=-1; grep -qiE 'concurrently|commit' "$f" && one=
  PGOPTIONS="-c storage.install_roles=false" q supabase_storage_admin $one -f "$f" || echo "platform storage $(basename "$f"): $(err)"
done
q supabase_admin -c "grant set on parameter session_replication_role to postgres"
su=$(psql -h 127.0.0.1 -p "$PORT" -U supabase_admin -d postgres -At -X -c "select rolsuper from pg_roles where rolname = 'postgres'")
echo "platform: up on 127.0.0.1:$PORT (data $DATA); postgres superuser: $su; platform migrations not applied (extensions this build lacks):${skipped:- none}"
rm -rf "$tmp"
