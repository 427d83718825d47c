import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildShop } from '../../scripts/lib/build.ts';
import { startRebuildWorker, type RebuildWorker } from '../../scripts/rebuild/worker.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { adminClient, anonClient, mexicoDate, resetData, sql, stack, userClient } from './helpers.ts';

async function requests() {
  const { rows } = await sql.query<{ status: string; reason: string; error: string | null }>(
    'select status, reason, error from public.rebuild_requests order by id',
  );
  return rows;
}

async function clearRequests() {
  await sql.query('truncate public.rebuild_requests restart identity');
}

describe('rebuild requests', () => {
  beforeAll(resetData);
  beforeEach(clearRequests);

  it('any catalogue change asks for one rebuild, coalesced while pending', async () => {
    const admin = await adminClient();
    const { data, error } = await admin
      .from('campaigns')
      .insert({ nombre: 'Buen Fin', fecha_inicio: mexicoDate(0), fecha_fin: mexicoDate(3) })
      .select()
      .single();
    expect(error).toBeNull();
    await admin.from('brands').insert({ name: 'levis', display_name: "Levi's" });
    await admin.from('campaigns').update({ nombre: 'Buen Fin 2026' }).eq('id', data!.id);
    const rows = await requests();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('pending');
    expect(rows[0]?.reason).toBe('campaigns insert, brands insert, campaigns update');
  });

  it('a plain SQL change asks too, and a change outside the catalogue does not', async () => {
    await sql.query(`insert into public.search_analytics (search_term, session_id) values ('tenis', 'sesion-sql-0001')`);
    expect(await requests()).toHaveLength(0);
    await sql.query(`update public.brands set active = false`);
    expect((await requests()).map((r) => r.reason)).toEqual(['brands update']);
  });

  it("a signed-in non-admin's update or delete, which reaches no row, asks for nothing", async () => {
    await sql.query(`insert into public.brands (name, display_name) values ('intacta', 'Intacta')`);
    await clearRequests();
    const user = await userClient();
    // PostgREST accepts both (the role holds the privilege; row-level security leaves no row)
    expect((await user.from('brands').update({ display_name: 'Hackeada' }).not('id', 'is', null)).error).toBeNull();
    expect((await user.from('brands').delete().not('id', 'is', null)).error).toBeNull();
    expect(await requests()).toEqual([]);
    const { rows } = await sql.query(`select display_name from public.brands where name = 'intacta'`);
    expect(rows).toEqual([{ display_name: 'Intacta' }]);
  });

  it('shoppers cannot read the requests; admins can', async () => {
    await sql.query(`update public.brands set active = true`);
    const anon = await anonClient().from('rebuild_requests').select('*');
    expect(anon.error?.code).toBe('42501');
    const admin = await (await adminClient()).from('rebuild_requests').select('status');
    expect(admin.data).toEqual([{ status: 'pending' }]);
  });
});

describe('rebuild worker', () => {
  let buildsDir: string;
  let worker: RebuildWorker;
  let live = '';
  let builds = 0;
  let failNext = false;
  let hangNext = false;
  let hungSignal: AbortSignal | undefined;
  /** Holds the next build until released. */
  let holdNext: Promise<void> | null = null;
  let building = false;
  /** What followed each publication (the search index, in `npm start`): its build, and its signal. */
  const followed: Array<{ dir: string; signal: AbortSignal }> = [];

  beforeAll(async () => {
    buildsDir = await mkdtemp(join(tmpdir(), 'outlet-builds-'));
    worker = await startRebuildWorker({
      dbUrl: stack.dbUrl,
      buildsDir,
      debounceMs: 200,
      buildTimeoutMs: 2000,
      log: () => undefined,
      build: async (outDir, signal) => {
        builds++;
        if (hangNext) {
          // a build that never finishes and ignores its signal
          hangNext = false;
          hungSignal = signal;
          return new Promise<void>(() => undefined);
        }
        if (failNext) {
          failNext = false;
          throw new Error('astro build terminó con código 1');
        }
        building = true;
        await holdNext;
        holdNext = null;
        building = false;
        await rm(outDir, { recursive: true, force: true });
        await import('node:fs/promises').then((fs) => fs.mkdir(outDir, { recursive: true }));
        await writeFile(join(outDir, 'index.html'), `<h1>build ${builds}</h1>`);
      },
      publish: (dir) => {
        live = dir;
      },
      // runs until the next build stops it
      afterPublish: (dir, signal) => {
        followed.push({ dir, signal });
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
      },
    });
  });
  afterAll(async () => {
    await worker.stop();
    await rm(buildsDir, { recursive: true, force: true });
  });
  beforeEach(clearRequests);

  it('starts what follows a publication once it is live, stops it when the next build starts and runs it again after', async () => {
    const start = followed.length;
    await sql.query(`insert into public.brands (name, display_name) values ('tras-publicar', 'Tras publicar')`);
    await expect.poll(() => followed.length, { timeout: 5000 }).toBe(start + 1);
    const first = followed[start]!;
    expect(first.dir).toBe(live);
    expect(first.signal.aborted).toBe(false);

    // the next build stops it as it starts, and nothing follows while that build runs
    const hold = Promise.withResolvers<void>();
    holdNext = hold.promise;
    await sql.query(`update public.brands set display_name = 'Tras publicar 2' where name = 'tras-publicar'`);
    await expect.poll(() => building, { timeout: 5000 }).toBe(true);
    expect(first.signal.aborted).toBe(true);
    const before = live;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(followed.length).toBe(start + 1);

    // once published, and the worker idle, it follows the new live build
    hold.resolve();
    await expect.poll(() => followed.length, { timeout: 5000 }).toBe(start + 2);
    expect(live).not.toBe(before);
    expect(followed[start + 1]!.dir).toBe(live);
    expect(followed[start + 1]!.signal.aborted).toBe(false);
  });

  it('what follows a publication runs again for the live build when the next build fails', async () => {
    const start = followed.length;
    const published = live;
    failNext = true;
    await sql.query(`update public.brands set display_name = 'Tras publicar 3' where name = 'tras-publicar'`);
    await expect.poll(() => followed.length, { timeout: 5000 }).toBe(start + 1);
    expect(live).toBe(published);
    expect(followed[start]!.dir).toBe(published);
    expect(followed[start - 1]!.signal.aborted).toBe(true);
  });

  it('builds and publishes after a change, marking the request published', async () => {
    const before = builds;
    const admin = await adminClient();
    await admin.from('brands').insert({ name: 'guess', display_name: 'Guess' });
    await expect.poll(() => builds, { timeout: 5000 }).toBe(before + 1);
    await expect.poll(async () => (await requests()).map((r) => r.status), { timeout: 5000 }).toEqual(['published']);
    expect(live).toContain(buildsDir);
    expect(await readdir(live)).toEqual(['index.html']);
    const { rows } = await sql.query('select trigger, status, pages from public.publications order by id desc limit 1');
    expect(rows).toEqual([{ trigger: 'local', status: 'published', pages: 1 }]);
  });

  it('a failed build keeps the live site and records the error', async () => {
    const published = live;
    failNext = true;
    await sql.query(`update public.brands set display_name = 'GUESS' where name = 'guess'`);
    await expect.poll(async () => (await requests()).map((r) => r.status), { timeout: 5000 }).toEqual(['failed']);
    expect((await requests())[0]?.error).toContain('astro build');
    expect(live).toBe(published);
    const { rows } = await sql.query('select status, error from public.publications order by id desc limit 1');
    expect(rows).toEqual([{ status: 'failed', error: 'astro build terminó con código 1' }]);
  });

  it('a build that hangs is stopped at the time limit, recorded as failed, and the next change publishes', async () => {
    const published = live;
    hangNext = true;
    await sql.query(`update public.brands set display_name = 'Guess Jeans' where name = 'guess'`);
    await expect.poll(async () => (await requests()).map((r) => r.status), { timeout: 8000 }).toEqual(['failed']);
    expect(hungSignal?.aborted).toBe(true);
    expect(live).toBe(published);
    const { rows } = await sql.query('select status, error from public.publications order by id desc limit 1');
    expect(rows).toEqual([{ status: 'failed', error: 'La compilación se detuvo: tardó más de 2 s.' }]);

    await clearRequests();
    await sql.query(`update public.brands set display_name = 'Guess' where name = 'guess'`);
    await expect.poll(async () => (await requests()).map((r) => r.status), { timeout: 5000 }).toEqual(['published']);
    expect(live).not.toBe(published);
  });

  it('a publication asked for through request-rebuild is the one the local worker builds', async () => {
    await sql.query(`update public.brands set display_name = 'Guess' where name = 'guess'`);
    const { rows } = await sql.query<{ decision: { publication_id: number } }>(`select public.request_publication('admin') as decision`);
    const id = rows[0]!.decision.publication_id;
    await expect
      .poll(async () => (await sql.query('select status, trigger from public.publications where id = $1', [id])).rows, { timeout: 5000 })
      .toEqual([{ status: 'published', trigger: 'admin' }]);
    expect((await requests()).map((r) => r.status)).toEqual(['published']);
  });

  it('keeps only the live build and the one before', async () => {
    for (let i = 0; i < 3; i++) await worker.rebuild();
    // the old ones are deleted in the background
    await expect.poll(async () => (await readdir(buildsDir)).length, { timeout: 5000 }).toBe(2);
    const dirs = await readdir(buildsDir);
    expect(dirs.map((d) => join(buildsDir, d))).toContain(live);
  });
});

describe('the shop build', () => {
  it('stops when its signal aborts: Astro is killed and the build fails with the reason', async () => {
    // inside the project, so Astro is started with this very folder in its arguments
    const outDir = join(ROOT, 'node_modules/.cache', `aborted-build-${process.pid}-${Date.now()}`);
    const abort = new AbortController();
    const reason = new Error('La compilación se detuvo: tardó más de 1 s.');
    setTimeout(() => abort.abort(reason), 1000);
    try {
      await expect(
        buildShop({
          supabaseUrl: stack.url,
          anonKey: stack.anonKey,
          siteUrl: 'http://127.0.0.1:4321',
          root: ROOT,
          outDir,
          quiet: true,
          signal: abort.signal,
        }),
      ).rejects.toBe(reason);
      await expect.poll(() => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).includes(outDir), { timeout: 3000 }).toBe(false);
      expect(existsSync(join(outDir, 'index.html'))).toBe(false);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
