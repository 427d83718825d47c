import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { startRebuildWorker } from '../../scripts/rebuild/worker.ts';
import { resetData, sql, stack } from './helpers.ts';

/** A publication that started building `minutesAgo` and claimed one request, as a crashed build leaves them. */
async function stalledBuild(minutesAgo: number): Promise<{ publication: number; request: number }> {
  const { rows: pub } = await sql.query<{ id: string }>(
    `insert into public.publications (trigger, status, started_at)
     values ('schedule', 'building', now() - make_interval(mins => $1)) returning id`,
    [minutesAgo],
  );
  const publication = Number(pub[0]!.id);
  const { rows: req } = await sql.query<{ id: string }>(
    `insert into public.rebuild_requests (reason, status, started_at, publication_id)
     values ('products', 'building', now() - make_interval(mins => $1), $2) returning id`,
    [minutesAgo, publication],
  );
  return { publication, request: Number(req[0]!.id) };
}

const publication = async (id: number) => (await sql.query('select status, error from public.publications where id = $1', [id])).rows[0];
const request = async (id: number) =>
  (await sql.query('select status, publication_id::int from public.rebuild_requests where id = $1', [id])).rows[0];

describe('a build that never reports back', () => {
  beforeEach(async () => {
    await resetData();
    await sql.query('delete from public.publications');
  });

  it('is failed after 70 minutes and its changes go to the next publication', async () => {
    const stalled = await stalledBuild(71);
    const running = await stalledBuild(30);

    const { rows } = await sql.query<{ decision: { dispatch: boolean; reason: string } }>(
      `select public.request_publication('schedule') as decision`,
    );
    expect(rows[0]!.decision).toMatchObject({ dispatch: true, reason: 'dispatched' });

    expect(await publication(stalled.publication)).toEqual({
      status: 'failed',
      error: 'La publicación no terminó; sus cambios se publicarán en la siguiente.',
    });
    expect(await request(stalled.request)).toEqual({ status: 'pending', publication_id: null });
    // a build within its time limit is left alone
    expect(await publication(running.publication)).toMatchObject({ status: 'building' });
    expect(await request(running.request)).toEqual({ status: 'building', publication_id: running.publication });
  });

  it('a build start reclaims too, and claims the returned changes', async () => {
    const stalled = await stalledBuild(90);
    const { rows } = await sql.query<{ id: string }>(`select public.start_publication('schedule') as id`);
    const id = Number(rows[0]!.id);
    expect(await publication(stalled.publication)).toMatchObject({ status: 'failed' });
    expect(await request(stalled.request)).toMatchObject({ status: 'building', publication_id: id });
  });

  it('the local worker, starting after a crash, fails the interrupted build at once and publishes its changes', async () => {
    const stalled = await stalledBuild(1);
    const buildsDir = await mkdtemp(join(tmpdir(), 'outlet-reclaim-'));
    let builds = 0;
    const worker = await startRebuildWorker({
      dbUrl: stack.dbUrl,
      buildsDir,
      debounceMs: 100,
      log: () => undefined,
      build: async (outDir) => {
        builds++;
        await mkdir(outDir, { recursive: true });
      },
      publish: () => undefined,
    });
    try {
      expect(await publication(stalled.publication)).toMatchObject({ status: 'failed' });
      await expect.poll(async () => (await request(stalled.request))?.['status'], { timeout: 5000 }).toBe('published');
      expect(builds).toBe(1);
    } finally {
      await worker.stop();
      await rm(buildsDir, { recursive: true, force: true });
    }
  });
});
