/**
 * A digest of the code a build turns into files: every file under some folders, some single files and
 * the values of some variables. Equal digests mean the same code built with the same settings.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export interface Sources {
  folders: string[];
  files: string[];
  variables: string[];
}

export async function sourceDigest(root: string, sources: Sources, env: NodeJS.ProcessEnv): Promise<string> {
  const hash = createHash('sha256');
  for (const folder of sources.folders) {
    const entries = await readdir(join(root, folder), { recursive: true, withFileTypes: true });
    const files = entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of files) hash.update(`${relative(root, file)}\n`).update(await readFile(file));
  }
  for (const file of sources.files) hash.update(`${file}\n`).update(await readFile(join(root, file)));
  for (const name of sources.variables) hash.update(`${name}=${env[name] ?? ''}\n`);
  return hash.digest('hex');
}
