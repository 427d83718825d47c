/**
 * What follows a publication (the header search's index, the catalogue feeds) is written into the live
 * site seconds after it, and each new build carries the last of it until its own is written.
 */
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Links the folder `folder` of `from` (a published site, or the build cache that keeps it) into `to`:
 * the files are shared, not copied (copied only across file systems). Nothing writes into such a
 * file (a new version is a new file put in its place), so sharing them is safe. Resolves to whether
 * there was a folder to carry.
 */
export async function carryFolder(from: string, to: string, folder: string): Promise<boolean> {
  const source = join(from, folder);
  const entries = await readdir(source, { recursive: true, withFileTypes: true }).catch(() => null);
  if (!entries) return false;
  const target = join(to, folder);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const copy = join(target, file.slice(source.length + 1));
    await mkdir(dirname(copy), { recursive: true });
    await link(file, copy).catch(() => copyFile(file, copy));
  }
  return true;
}
