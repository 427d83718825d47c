/**
 * `npm start`: the whole shop on one machine. Starts the local Supabase stack (unless
 * PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY point at a hosted project), builds the storefront
 * against it and serves it, then prints where everything is. Catalogue changes rebuild the shop
 * (scripts/rebuild/worker.ts); each build is published by switching the served folder at once, and
 * its catalogue feeds and search index follow once no change is waiting to be built.
 */
import { join } from 'node:path';
import { DEMO_ADMIN, ensureAdmin } from './lib/admin-user.ts';
import { repeatedBuilds, siteOrigin } from './lib/build.ts';
import { writeFeedsInBackground } from './lib/catalogue-feeds.ts';
import { keptCatalogue } from './lib/kept-catalogue.ts';
import { writeSearchIndexInBackground } from './lib/search-index.ts';
import { serveShop } from './lib/static-server.ts';
import { startRebuildWorker } from './rebuild/worker.ts';
import { localDir, shopPort, stackOptionsFromEnv } from './stack/config.ts';
import { ROOT, startStack } from './stack/index.ts';
import { assertPortsFree } from './stack/ports.ts';
import { onShutdown } from './stack/shutdown.ts';
import { createShopClient } from '../src/data/supabase.ts';

const port = shopPort();
// Locally the shop's links follow the port it is served on; SITE_URL overrides (e.g. behind a tunnel).
const siteUrl = siteOrigin(process.env['SITE_URL']) ?? `http://localhost:${port}`;
const hostedUrl = process.env['PUBLIC_SUPABASE_URL'];
const hostedKey = process.env['PUBLIC_SUPABASE_ANON_KEY'];
const stops: Array<() => Promise<void>> = [];
onShutdown(async () => {
  for (const s of stops.reverse()) await s();
});

try {
  await assertPortsFree([{ port, variable: 'PORT', what: 'tienda' }]);
  let supabaseUrl: string;
  let anonKey: string;
  let local: { dbUrl: string; serviceRoleKey: string } | undefined;
  if (hostedUrl && hostedKey) {
    supabaseUrl = hostedUrl;
    anonKey = hostedKey;
    console.log(`Usando el proyecto de Supabase en ${hostedUrl} (no se inicia la pila local).`);
  } else {
    const stack = await startStack(stackOptionsFromEnv());
    stops.push(stack.stop);
    supabaseUrl = stack.url;
    anonKey = stack.anonKey;
    local = stack;
    await ensureAdmin(stack.url, stack.serviceRoleKey, DEMO_ADMIN.email, DEMO_ADMIN.password);
  }

  let live = '';
  // incremental: a build renders only the pages whose content changed since the last one, the next
  // build's bundling starts as soon as one is done, and with the local stack the catalogue is kept
  // between builds and read again only where it changed
  const catalogue = local ? keptCatalogue(createShopClient(supabaseUrl, anonKey), local.dbUrl) : null;
  const builds = repeatedBuilds({
    supabaseUrl,
    anonKey,
    siteUrl,
    root: ROOT,
    cacheDir: join(localDir(), 'shop-cache'),
    ...(catalogue ? { readCatalogue: catalogue.read } : {}),
  });
  stops.push(builds.close);
  const worker = await startRebuildWorker({
    ...(local ? { dbUrl: local.dbUrl } : {}),
    buildsDir: join(localDir(), 'builds'),
    // the live build's search index is carried into the next until that one's own is written
    build: (outDir, signal) => builds.build(outDir, signal, live || undefined),
    publish: (dir) => {
      live = dir;
    },
    // the catalogue feeds and the search index follow the pages while no build runs
    afterPublish: async (dir, signal) => {
      const feeds = await writeFeedsInBackground(dir, { supabaseUrl, anonKey }, siteUrl, signal);
      const index = await writeSearchIndexInBackground(dir, { supabaseUrl, anonKey }, signal);
      return `${feeds}\n${index}`;
    },
  });
  stops.push(worker.stop);
  await worker.rebuild();
  if (!live) throw new Error('No se pudo construir la tienda (ver el error de arriba).');
  const shop = await serveShop(() => live, port);
  stops.push(shop.close);

  const lines = [
    '',
    `Tienda:            http://localhost:${port}/`,
    `Administración:    http://localhost:${port}/admin`,
    `Supabase URL:      ${supabaseUrl}`,
    `Anon key:          ${anonKey}`,
  ];
  if (local) {
    lines.push(`Postgres:          ${local.dbUrl}`, `Admin de demo:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  }
  lines.push('', 'Ctrl-C para detener todo.', '');
  console.log(lines.join('\n'));
} catch (error) {
  console.error(`\n${(error as Error).message}`);
  for (const s of stops.reverse()) await s().catch(() => undefined);
  process.exit(1);
}
