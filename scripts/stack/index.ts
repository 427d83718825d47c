/**
 * The local Supabase-compatible stack: Postgres 17, the bootstrap and migrations, PostgREST and the
 * gateway (REST, Auth, Storage, Functions) on one port, and the jobs pg_cron runs on a hosted project.
 * Used by `npm start`, `npm run dev` and tests.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startScheduledJobs } from './jobs.ts';
import { vapidKeysFor } from './vapid.ts';
import { jwtSecretFor, makeApiKeys } from './keys.ts';
import { migrate } from './migrate.ts';
import { assertPortsFree } from './ports.ts';
import { startPlatformPostgres } from './platform.ts';
import { startPostgres } from './postgres.ts';
import { startPostgrest } from './postgrest.ts';
import type { StackOptions } from './options.ts';

import { ROOT } from '../lib/root.ts';

export { ROOT };
export type { StackOptions };

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbUrl: string;
  /** supabase_admin's connection (the superuser), for what only the platform itself may do. */
  adminDbUrl: string;
  /** PostgREST itself (loopback only): what the hosted edge forwards to, for tests and benchmarks that play many shoppers' networks. */
  restUrl: string;
  /** True when this start created the database (and seeded it if asked). */
  created: boolean;
  stop(): Promise<void>;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const dataDir = resolve(opts.dataDir);
  await assertPortsFree([
    { port: opts.dbPort, variable: 'DB_PORT', what: 'Postgres' },
    { port: opts.apiPort, variable: 'SUPABASE_PORT', what: 'API de Supabase' },
    { port: opts.restPort, variable: 'REST_PORT', what: 'PostgREST' },
  ]);

  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    stops.length = 0;
  };
  try {
    const durable = opts.durable ?? true;
    const db = opts.platform
      ? await startPlatformPostgres({ sql: opts.platform, dataDir, port: opts.dbPort, durable, log })
      : await startPostgres({ dataDir, port: opts.dbPort, durable, log });
    stops.push(db.stop);
    const jwtSecret = opts.jwtSecret ?? (await jwtSecretFor(dataDir));
    const { firstRun } = await migrate({
      dbUrl: db.url,
      migrationsDir: join(ROOT, 'supabase/migrations'),
      ...(opts.platform ? {} : { bootstrapUrl: db.adminUrl }),
      log,
    });

    const rest = await startPostgrest({ dbPort: opts.dbPort, port: opts.restPort, jwtSecret, log });
    stops.push(rest.stop);

    const keys = await makeApiKeys(jwtSecret);
    const url = `http://127.0.0.1:${opts.apiPort}`;
    const storageDir = join(dataDir, 'storage');
    await mkdir(storageDir, { recursive: true });
    const { serveGateway } = await import('./gateway/index.ts');
    const gateway = await serveGateway({
      port: opts.apiPort,
      host: '127.0.0.1',
      restUrl: rest.url,
      jwtSecret,
      anonKey: keys.anonKey,
      serviceRoleKey: keys.serviceRoleKey,
      dbUrl: db.url,
      storageDir,
      functionsDir: join(ROOT, 'supabase/functions'),
      publicUrl: url,
      vapid: await vapidKeysFor(dataDir),
      allowedOrigins: opts.allowedOrigins ?? (await import('./config.ts')).shopOrigins(),
      log,
    });
    stops.push(gateway.close);

    // what pg_cron runs on a hosted project (the hold job, the opening of announced campaigns, the alerts), on the same schedule
    const jobs = startScheduledJobs(db.url, log, opts.functionJobs === false ? undefined : { url, serviceRoleKey: keys.serviceRoleKey });
    stops.push(jobs.stop);

    if (firstRun && opts.seed) {
      const { seedDemo } = await import('../seed/index.ts');
      log('Cargando datos de demostración…');
      const started = Date.now();
      const result = await seedDemo({ url, serviceRoleKey: keys.serviceRoleKey, dbUrl: db.url, log });
      log(`Datos de demostración: ${result.products} productos, ${result.images} imágenes (${Date.now() - started} ms).`);
    }
    // a shop built without image transformations shows prepared sizes: whatever is missing is made now
    if (process.env['PUBLIC_IMAGE_TRANSFORMS'] === 'off') {
      const [{ prepareImages }, { serviceClient }] = await Promise.all([import('../lib/prepare-images.ts'), import('../seed/db.ts')]);
      const prepared = await prepareImages(serviceClient(url, keys.serviceRoleKey));
      log(`Tamaños de imagen preparados: ${prepared.uploaded} copias nuevas.`);
    }
    return { url, ...keys, jwtSecret, dbUrl: db.url, adminDbUrl: db.adminUrl, restUrl: rest.url, created: firstRun, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
