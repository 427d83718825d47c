/**
 * The Supabase sources a hosted project's database is built from before any migration of ours runs:
 * the platform's roles and schemas (supabase/postgres), the Auth server's `auth` schema
 * (supabase/auth) and the Storage server's `storage` schema (supabase/storage), each pinned to one
 * commit. The database tests build their Postgres from them (platform.ts), so they prove the
 * migrations, grants and policies on what a hosted project really has.
 *
 * Where they are looked for, first found wins:
 *   1. PLATFORM_SOURCES: a folder with the three repositories checked out as postgres/, auth/, storage/;
 *   2. .platform/ in the repository, where `npm run platform:fetch` and the GitHub workflow put them;
 *   3. PLATFORM_KIT: a folder holding the same SQL files laid out flat (postgres/init-scripts,
 *      postgres/migrations, auth/*.up.sql, storage/*.sql).
 * The workflow (.github/workflows/ci.yml) checks out the same commits; a unit test keeps them equal.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface PinnedSource {
  /** The folder it is checked out to, under .platform/ or PLATFORM_SOURCES. */
  name: 'postgres' | 'auth' | 'storage';
  repository: string;
  commit: string;
  /** The only folder of the repository the build reads. */
  sqlFolder: string;
  license: string;
}

export const PINNED_SOURCES: readonly PinnedSource[] = [
  {
    name: 'postgres',
    repository: 'supabase/postgres',
    commit: '7db7e1a9e34b9ffb9b0e3372ccf08eb4fa772f4b',
    sqlFolder: 'migrations/db',
    license: 'PostgreSQL License',
  },
  {
    name: 'auth',
    repository: 'supabase/auth',
    commit: 'bc32168e13fdc928c98b449fc76bc3fdb9a293c5',
    sqlFolder: 'migrations',
    license: 'MIT',
  },
  {
    name: 'storage',
    repository: 'supabase/storage',
    commit: '4fa61fba9371c4bd40cbb81509f07bcb3af21683',
    sqlFolder: 'migrations/tenant',
    license: 'Apache-2.0',
  },
];

/** The four folders of SQL the build applies, in this order, and where they were found. */
export interface PlatformSql {
  /** supabase/postgres migrations/db/init-scripts: run as `postgres` while it is still a superuser. */
  initScripts: string;
  /** supabase/postgres migrations/db/migrations: run as supabase_admin (they demote `postgres`). */
  migrations: string;
  /** supabase/auth migrations/*.up.sql: run as supabase_auth_admin. */
  auth: string;
  /** supabase/storage migrations/tenant/*.sql: run as supabase_storage_admin. */
  storage: string;
  /** The folder they were found in, for messages. */
  from: string;
}

/** The checkouts' layout (the repositories as they are), else the flat layout, in one folder. */
function sqlIn(dir: string): PlatformSql | undefined {
  const checkouts = {
    initScripts: join(dir, 'postgres/migrations/db/init-scripts'),
    migrations: join(dir, 'postgres/migrations/db/migrations'),
    auth: join(dir, 'auth/migrations'),
    storage: join(dir, 'storage/migrations/tenant'),
    from: dir,
  };
  const flat = {
    initScripts: join(dir, 'postgres/init-scripts'),
    migrations: join(dir, 'postgres/migrations'),
    auth: join(dir, 'auth'),
    storage: join(dir, 'storage'),
    from: dir,
  };
  const complete = (sql: PlatformSql) => [sql.initScripts, sql.migrations, sql.auth, sql.storage].every((d) => existsSync(d));
  return [checkouts, flat].find(complete);
}

/** The folders the platform sources are looked for in, in order (see the header). */
function candidates(root: string): string[] {
  const env = (name: string) => (process.env[name] ? [resolve(process.env[name])] : []);
  return [...env('PLATFORM_SOURCES'), join(root, '.platform'), ...env('PLATFORM_KIT')];
}

/** The platform's SQL, or undefined when none of the places holds it. */
export function findPlatformSql(root: string): PlatformSql | undefined {
  for (const dir of candidates(root)) {
    const sql = sqlIn(dir);
    if (sql) return sql;
  }
  return undefined;
}

/** Where the sources were looked for, in words for an error message. */
export function platformSqlHint(root: string): string {
  return `${candidates(root).join(', ')}; tráelas con npm run platform:fetch o indica PLATFORM_SOURCES o PLATFORM_KIT`;
}
