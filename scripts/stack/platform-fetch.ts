/**
 * `npm run platform:fetch`: checks out Supabase's own SQL at the pinned commits (platform-sources.ts)
 * into .platform/ (git-ignored), so the database tests build their Postgres as a hosted project has
 * it. Each repository is fetched at its one commit only (depth 1), and only the files of the folder
 * the build reads (and the license) are fetched and written to disk. A checkout already at its commit is left alone.
 * PLATFORM_GIT_BASE changes where the repositories are fetched from (default https://github.com).
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../lib/root.ts';
import { PINNED_SOURCES } from './platform-sources.ts';

const run = promisify(execFile);
const base = process.env['PLATFORM_GIT_BASE'] ?? 'https://github.com';
const target = process.env['PLATFORM_SOURCES'] ?? join(ROOT, '.platform');

for (const source of PINNED_SOURCES) {
  const dir = join(target, source.name);
  const git = (...args: string[]) => run('git', ['-C', dir, '-c', 'advice.detachedHead=false', ...args]);
  await mkdir(dir, { recursive: true });
  await git('init', '-q');
  const head = await git('rev-parse', '-q', '--verify', 'HEAD^{commit}').then(
    (r) => r.stdout.trim(),
    () => '',
  );
  if (head === source.commit) {
    console.log(`${source.repository}: ya en ${source.commit.slice(0, 12)} (${dir})`);
    continue;
  }
  const url = `${base}/${source.repository}.git`;
  await git('remote', 'add', 'origin', url).catch(() => git('remote', 'set-url', 'origin', url));
  await git('sparse-checkout', 'set', '--no-cone', `/${source.sqlFolder}/`, '/LICENSE');
  // no file contents with the commit: the checkout fetches those of the SQL folder alone
  await git('fetch', '-q', '--depth', '1', '--filter=blob:none', 'origin', source.commit);
  await git('checkout', '-q', '--force', 'FETCH_HEAD');
  console.log(`${source.repository}: ${source.commit.slice(0, 12)} en ${dir} (${source.license})`);
}
