import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { adminBuild } from './build-processes.ts';
import { sourceDigest } from './source-digest.ts';

/** The variables the back office's bundle carries (admin/vite.config.ts: PUBLIC_* only). */
const BUNDLED_VARIABLES = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_IMAGE_TRANSFORMS'];

/** How many versions the machine's store keeps: one per project the builds of a test run talk to. */
const STORE_KEEPS = 8;

/** Digest of every file under admin/ and src/, package-lock.json and the bundled variables. */
export function adminDigest(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  return sourceDigest(root, { folders: ['admin', 'src'], files: ['package-lock.json'], variables: BUNDLED_VARIABLES }, env);
}

/** How long an unfinished copy may be another build's work in progress; older ones were left by a build that was killed. */
const PARTIAL_MAX_AGE_MS = 10 * 60_000;

/**
 * Removes all but the `keep` most recently written versions of a store, and copies left unfinished.
 * Other builds may be writing and renaming in the same folder at the same time: an entry that is gone
 * by the time it is looked at is passed over.
 */
async function prune(folder: string, keep: number): Promise<void> {
  const names = await readdir(folder);
  const entries = (
    await Promise.all(names.map(async (name) => ({ name, at: (await stat(join(folder, name)).catch(() => null))?.mtimeMs })))
  ).filter((entry): entry is { name: string; at: number } => entry.at !== undefined);
  const versions = entries.filter(({ name }) => /^[0-9a-f]{64}$/.test(name)).sort((a, b) => b.at - a.at);
  const abandoned = entries.filter(({ name, at }) => name.endsWith('.partial') && Date.now() - at > PARTIAL_MAX_AGE_MS);
  await Promise.all([...versions.slice(keep), ...abandoned].map(({ name }) => rm(join(folder, name), { recursive: true, force: true })));
}

/** The back office into `outDir`: copied from the cache folder, or the machine's store, when built before from the same inputs. */
export async function buildAdmin(
  root: string,
  outDir: string,
  env: NodeJS.ProcessEnv,
  cacheDir?: string,
  signal?: AbortSignal,
): Promise<void> {
  const folder = cacheDir ? join(cacheDir, 'admin') : join(root, 'node_modules/.cache/admin-builds');
  const cached = join(folder, await adminDigest(root, env));
  if (existsSync(cached)) return cp(cached, outDir, { recursive: true });
  await adminBuild(root, outDir, env, signal);
  // A version appears whole or not at all: it is copied beside under a name of this build's own and
  // renamed into place; when another build put the same version there first, that one stays.
  await mkdir(folder, { recursive: true });
  const partial = `${cached}.${process.pid}-${Date.now()}.partial`;
  await cp(outDir, partial, { recursive: true });
  await rename(partial, cached).catch(() => rm(partial, { recursive: true, force: true }));
  // keeping the store small is housekeeping: it never fails the build it follows
  await prune(folder, cacheDir ? 1 : STORE_KEEPS).catch((error: unknown) => console.warn(`[admin] no se pudo podar ${folder}: ${error}`));
}
