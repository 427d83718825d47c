/** The files of a built site by content, and which differ between two builds. */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Content hash of every file of a build, by relative path, and their total size. */
export async function digest(dir: string): Promise<{ files: Map<string, string>; bytes: number }> {
  const files = new Map<string, string>();
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    const info = await stat(path);
    if (!info.isFile()) continue;
    bytes += info.size;
    files.set(
      entry,
      createHash('sha256')
        .update(await readFile(path))
        .digest('hex'),
    );
  }
  return { files, bytes };
}

/** Paths present in only one of the builds or with different content, sorted. */
export function changedFiles(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).sort();
}
