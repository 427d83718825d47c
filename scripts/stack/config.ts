/** Defaults of the local stack, following the Supabase CLI's ports, overridable by environment. */
import { join } from 'node:path';
import { ROOT } from '../lib/root.ts';
import type { StackOptions } from './options.ts';

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} debe ser un puerto (1-65535), no "${raw}".`);
  return n;
}

/**
 * The folder `npm start` keeps its local state in: the database (supabase/, unless DATA_DIR says
 * otherwise), the builds (builds/) and the build cache (shop-cache/). LOCAL_DIR moves it (the bench
 * runs `npm start` in a throwaway one); default .local in the project.
 */
export function localDir(): string {
  return process.env['LOCAL_DIR'] || join(ROOT, '.local');
}

export function stackOptionsFromEnv(): StackOptions {
  return {
    dataDir: process.env['DATA_DIR'] ?? join(localDir(), 'supabase'),
    dbPort: port('DB_PORT', 54322),
    apiPort: port('SUPABASE_PORT', 54321),
    restPort: port('REST_PORT', 54329),
    seed: true,
    durable: true,
  };
}

export function shopPort(): number {
  return port('PORT', 4321);
}

/**
 * The browser origins of the shop served on this machine (`npm start`, `npm run dev`): 127.0.0.1 and
 * localhost on PORT, plus any listed in ALLOWED_ORIGINS (comma-separated, e.g. a LAN address used to
 * try the shop from a phone).
 */
export function shopOrigins(): string[] {
  const extra = (process.env['ALLOWED_ORIGINS'] ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return [...loopbackOrigins(shopPort()), ...extra];
}

/** http://127.0.0.1:<port>, http://localhost:<port> and http://[::1]:<port>. */
export function loopbackOrigins(port: number): string[] {
  return ['127.0.0.1', 'localhost', '[::1]'].map((host) => `http://${host}:${port}`);
}
