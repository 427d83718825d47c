/**
 * The back office is the same app from one publication to the next unless its code, the shop code it
 * imports, the locked dependencies or the project it talks to changed. A build copies an earlier
 * build's back office while the digest of all these is unchanged, and runs `vite build` (2.5 s of the
 * machine, beside the pages) only otherwise.
 *
 * Where the earlier builds are kept: in the build's cache folder when it has one (the latest only,
 * as the publish workflow carries that folder from run to run); otherwise in the machine's own store
 * under node_modules/.cache, the few latest, so that builds without a cache (a first publication,
 * every build of the tests) build each version of the back office once.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { adminBuild } from './build-processes.ts';

/** The variables the back office's bundle carries (admin/vite.config.ts: PUBLIC_* only). */
const BUNDLED_VARIABLES = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_IMAGE_TRANSFORMS'];

/** How many versions the machine's store keeps: one per project the builds of a test run talk to. */
const STORE_KEEPS = 8;

/** Digest of every file under admin/ and src/, package-lock.json and the bundled variables. */
export async function adminDigest(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of ['admin', 'src']) {
    const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files) hash.update(`${relative(root, file)}\n`).update(await readFile(file));
  }
  hash.update(await readFile(join(root, 'package-lock.json')));
  for (const name of BUNDLED_VARIABLES) hash.update(`${name}=${env[name] ?? ''}\n`);
  return hash.digest('hex');
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
