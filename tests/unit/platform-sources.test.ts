/**
 * The GitHub workflow checks out Supabase's sources at the commits scripts/stack/platform-sources.ts
 * pins, into the folders it looks in, each with the SQL folder the build reads: a fork's CI builds the
 * same platform as `npm run platform:fetch` does on a contributor's machine.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/root.ts';
import { findPlatformSql, PINNED_SOURCES } from '../../scripts/stack/platform-sources.ts';

/** Each `actions/checkout` step's inputs that name another repository, as written in the workflow. */
function workflowCheckouts(yaml: string): Array<Record<string, string>> {
  return yaml
    .split(/\n\s+- (?:name: .*\n\s+)?uses: actions\/checkout@\S+/)
    .slice(1)
    .map((step) => Object.fromEntries([...step.matchAll(/^\s+(repository|ref|path|sparse-checkout): (\S+)$/gm)].map((m) => [m[1], m[2]])))
    .filter((inputs) => inputs['repository']);
}

describe('the platform sources', () => {
  const workflow = readFileSync(join(ROOT, '.github/workflows/ci.yml'), 'utf8');

  it('are checked out by the CI workflow at the pinned commits, into .platform/', () => {
    expect(workflowCheckouts(workflow)).toEqual(
      PINNED_SOURCES.map((s) => ({
        repository: s.repository,
        ref: s.commit,
        path: `.platform/${s.name}`,
        'sparse-checkout': s.sqlFolder,
      })),
    );
  });

  it('are pinned to whole commits (a short one cannot be fetched)', () => {
    for (const s of PINNED_SOURCES) expect(s.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  it('would notice a workflow pinned elsewhere', () => {
    const moved = workflow.replace(PINNED_SOURCES[1]?.commit ?? '', 'main');
    expect(workflowCheckouts(moved)).not.toEqual(workflowCheckouts(workflow));
  });
});

describe('finding the platform SQL', () => {
  let dir: string | undefined;
  const saved = { sources: process.env['PLATFORM_SOURCES'], kit: process.env['PLATFORM_KIT'] };
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    for (const [name, value] of [
      ['PLATFORM_SOURCES', saved.sources],
      ['PLATFORM_KIT', saved.kit],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });
  const folders = (root: string, paths: string[]) => {
    for (const p of paths) mkdirSync(join(root, p), { recursive: true });
  };

  it('reads the checkouts as the repositories lay them out', () => {
    dir = mkdtempSync(join(tmpdir(), 'platform-sources-'));
    folders(dir, [
      'postgres/migrations/db/init-scripts',
      'postgres/migrations/db/migrations',
      'auth/migrations',
      'storage/migrations/tenant',
    ]);
    process.env['PLATFORM_SOURCES'] = dir;
    expect(findPlatformSql(join(dir, 'no-repository'))).toEqual({
      initScripts: join(dir, 'postgres/migrations/db/init-scripts'),
      migrations: join(dir, 'postgres/migrations/db/migrations'),
      auth: join(dir, 'auth/migrations'),
      storage: join(dir, 'storage/migrations/tenant'),
      from: dir,
    });
  });

  it('reads a folder of the same files laid out flat (PLATFORM_KIT)', () => {
    dir = mkdtempSync(join(tmpdir(), 'platform-kit-'));
    folders(dir, ['postgres/init-scripts', 'postgres/migrations', 'auth', 'storage']);
    delete process.env['PLATFORM_SOURCES'];
    process.env['PLATFORM_KIT'] = dir;
    expect(findPlatformSql(join(dir, 'no-repository'))?.storage).toBe(join(dir, 'storage'));
  });

  it('finds nothing in a folder that lacks one of the four', () => {
    dir = mkdtempSync(join(tmpdir(), 'platform-none-'));
    folders(dir, ['postgres/init-scripts', 'postgres/migrations', 'auth']);
    delete process.env['PLATFORM_SOURCES'];
    process.env['PLATFORM_KIT'] = dir;
    expect(findPlatformSql(join(dir, 'no-repository'))).toBeUndefined();
  });
});
