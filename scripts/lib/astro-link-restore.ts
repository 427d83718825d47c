/**
 * Loaded into every `astro build` of the shop (node --import, scripts/lib/build-processes.ts).
 *
 * Astro's incremental build restores each unchanged page by copying it from its cache folder
 * (SHOP_BUILD_CACHE). At 50,000 products that is 3 GB copied per publication, most of an edit's
 * time. Here a restore from the cache is a hard link instead: the page's bytes are shared, not
 * copied (a copy is still made where a link cannot be, as across file systems).
 *
 * A shared file must never be written into, or the change would show in every build linking it,
 * the published one included. Astro writes only into its cache (a page it rendered again) and into
 * new files of a new output folder, so every write into the cache first removes the old file: the
 * new bytes go to a new file, and the builds linking the old one keep it.
 */
import fs from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const cacheDir = process.env['SHOP_BUILD_CACHE'] ? resolve(process.env['SHOP_BUILD_CACHE']) + sep : null;

/** Whether a path (string or file URL; not an open file) lies in the build's cache folder. */
function inCache(target: unknown): target is string | URL {
  if (cacheDir === null || !(typeof target === 'string' || target instanceof URL)) return false;
  return resolve(target instanceof URL ? fileURLToPath(target) : target).startsWith(cacheDir);
}

const { copyFile, writeFile } = fs.promises;

fs.promises.copyFile = async (source, destination, mode) => {
  if (inCache(source)) {
    try {
      return await fs.promises.link(source, destination);
    } catch {
      // another file system, or the destination exists: copied below
    }
  }
  return copyFile(source, destination, mode);
};

fs.promises.writeFile = async (file, data, options) => {
  if (inCache(file)) await fs.promises.rm(file, { force: true });
  return writeFile(file, data, options);
};
