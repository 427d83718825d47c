/**
 * Every HTML page the build writes for the demo catalogue (home, /tienda, every product page, the
 * information and policy pages, /favoritos, /bolsa, /pedido, 404, the back office's shell) fits the
 * first round trip gzipped: 14 × 1024 bytes (scripts/lib/page-weight.ts). A size of output, read from
 * the built files themselves, not a timing.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FIRST_ROUND_TRIP_BYTES, gzipped } from '../../scripts/lib/page-weight.ts';
import { expect, test } from './test.ts';

test('every built HTML page is at most 14 KB gzipped', async () => {
  const dist = process.env['E2E_DIST'];
  if (!dist) throw new Error('E2E_DIST no está definido: ¿corrió tests/e2e/global-setup.ts?');
  const pages = (await readdir(dist, { recursive: true })).filter((file) => file.endsWith('.html'));
  // the demo has a product page for every product of a live campaign
  expect(pages.filter((file) => file.startsWith('producto/')).length).toBeGreaterThan(100);
  expect(pages).toEqual(
    expect.arrayContaining(['index.html', 'tienda/index.html', 'favoritos/index.html', 'pedido/index.html', '404.html']),
  );
  const sizes = await Promise.all(pages.map(async (file) => ({ file, bytes: gzipped(await readFile(join(dist, file))) })));
  const heaviest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  test.info().annotations.push({ type: 'heaviest', description: `${heaviest.file}: ${heaviest.bytes} bytes gzipped` });
  expect(sizes.filter((s) => s.bytes > FIRST_ROUND_TRIP_BYTES)).toEqual([]);
});
