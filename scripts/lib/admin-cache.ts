/**
 * The back office is the same app from one publication to the next unless its code, the shop code it
 * imports, the locked dependencies or the project it talks to changed. With a cache folder a build
 * copies the last build's back office while the digest of all these is unchanged, and runs
 * `vite build` (2.5 s of the machine, beside the pages) only otherwise.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { adminBuild } from './build-processes.ts';

/** The variables the back office's bundle carries (admin/vite.config.ts: PUBLIC_* only). */
const BUNDLED_VARIABLES = ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_IMAGE_TRANSFORMS'];

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

/** The back office into `outDir`: copied from `cacheDir` when built before from the same inputs. */
export async function buildAdmin(
  root: string,
  outDir: string,
  env: NodeJS.ProcessEnv,
  cacheDir?: string,
  signal?: AbortSignal,
): Promise<void> {
  if (!cacheDir) return adminBuild(root, outDir, env, signal);
  const folder = join(cacheDir, 'admin');
  const cached = join(folder, await adminDigest(root, env));
  if (existsSync(cached)) return cp(cached, outDir, { recursive: true });
  await adminBuild(root, outDir, env, signal);
  // only the latest is kept; it appears whole or not at all
  await rm(folder, { recursive: true, force: true });
  await cp(outDir, `${cached}.partial`, { recursive: true });
  await rename(`${cached}.partial`, cached);
}
