/**
 * Starts a throwaway stack for the db suite: its own data folder and ports, no demo data. The db suite
 * runs on Postgres built from Supabase's own SQL (scripts/stack/platform.ts, the sources pinned in
 * scripts/stack/platform-sources.ts): the platform's own roles and auth/storage schemas, migrations
 * applied as the non-superuser postgres.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack } from '../../scripts/stack/index.ts';
import { findPlatformSql, type PlatformSql, platformSqlHint } from '../../scripts/stack/platform-sources.ts';

export interface StackInfo {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** As postgres (not a superuser, as on hosted projects). */
  dbUrl: string;
  /** As supabase_admin, the superuser: for what only the platform itself may do. */
  adminDbUrl: string;
  /** PostgREST without the gateway, as the hosted edge reaches it: requests may say any client address. */
  restUrl: string;
  /** True when the stack's Postgres was built from the platform's own SQL (scripts/stack/platform.ts). */
  platform: boolean;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * A vitest global setup that starts a throwaway stack on the given ports (each overridable by the
 * environment variable `<prefix>DB_PORT`, `<prefix>SUPABASE_PORT`, `<prefix>REST_PORT`) and provides
 * it to the tests as `stack`. Each project gets its own ports, so projects can run side by side.
 */
export function stackSetup(prefix: string, defaults: { db: number; api: number; rest: number }, opts: { platform?: boolean } = {}) {
  return async function setup(project: TestProject): Promise<() => Promise<void>> {
    const platform = opts.platform ? requirePlatformSql() : undefined;
    const dataDir = await mkdtemp(join(tmpdir(), 'outlet-test-'));
    const started = Date.now();
    const stack = await startStack({
      ...(platform ? { platform } : {}),
      dataDir,
      dbPort: port(`${prefix}DB_PORT`, defaults.db),
      apiPort: port(`${prefix}SUPABASE_PORT`, defaults.api),
      restPort: port(`${prefix}REST_PORT`, defaults.rest),
      seed: false,
      durable: false,
      // the alerts' tests claim and send alerts themselves
      functionJobs: false,
      log: () => undefined,
    });
    if (platform)
      console.log(
        `[db] Postgres de la plataforma construido y migrado en ${((Date.now() - started) / 1000).toFixed(1)} s (${platform.from}).`,
      );
    project.provide('stack', {
      url: stack.url,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      jwtSecret: stack.jwtSecret,
      dbUrl: stack.dbUrl,
      adminDbUrl: stack.adminDbUrl,
      restUrl: stack.restUrl,
      platform: platform !== undefined,
    });
    return async () => {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  };
}

/**
 * Supabase's own SQL for the platform. Without it, CI fails (the suite must prove the platform);
 * elsewhere the suite falls back to the local bootstrap and says so.
 */
export function requirePlatformSql(): PlatformSql | undefined {
  const sql = findPlatformSql(ROOT);
  if (sql) return sql;
  const message = `No se encontraron las fuentes de la plataforma Supabase (${platformSqlHint(ROOT)}).`;
  if (process.env['CI']) throw new Error(`${message} En CI las pruebas de base de datos deben correr sobre la plataforma.`);
  console.warn(`[db] AVISO: ${message} Las pruebas corren sobre el arranque local (scripts/stack/bootstrap), no sobre la plataforma.`);
  return undefined;
}

export default stackSetup('TEST_', { db: 64322, api: 64321, rest: 64329 }, { platform: true });
