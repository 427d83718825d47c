/**
 * Browser tests run against the real thing: throwaway stacks with the demo data, the storefront built
 * against each with the anon key, served as `npm start` serves it.
 *
 * Two of them, built side by side: the shop's (the phone and desktop tests, which read the catalogue
 * the pages were built from) and the back office's (the admin tests, which add, change and delete
 * products, campaigns and settings as they go). Apart, the two halves run at the same time and
 * neither sees the other's changes. The worker fixture in test.ts points each project at its own.
 *
 * "Today" in Mexico City is decided once, here: the demo campaigns are dated from it and the tests
 * read it from E2E_TODAY, so a midnight that falls during the run does not move their expectations.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildShop } from '../../scripts/lib/build.ts';
import { writeSearchIndexInBackground } from '../../scripts/lib/search-index.ts';
import { serveShop } from '../../scripts/lib/static-server.ts';
import { seedDemo } from '../../scripts/seed/index.ts';
import { loopbackOrigins } from '../../scripts/stack/config.ts';
import { ROOT, startStack } from '../../scripts/stack/index.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { writeAnnouncedCampaign } from './announced.ts';
import { E2E_STACKS, type E2eStack, stackEnv } from './stacks.ts';

/** One stack with the demo data and its shop built and served; returns what stops it. */
async function startShop(target: E2eStack, today: string): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outlet-e2e-'));
  const stack = await startStack({
    dataDir,
    dbPort: target.dbPort,
    apiPort: target.apiPort,
    restPort: target.restPort,
    seed: false,
    durable: false,
    allowedOrigins: target.origins.flatMap(loopbackOrigins),
    log: () => undefined,
  });
  const outDir = join(dataDir, 'dist');
  try {
    await seedDemo({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, today });
    // the shop's pages announce a campaign whose products no shopper sees yet (coming-soon.spec.ts)
    if (target.name === 'storefront') await writeAnnouncedCampaign(stack.url, stack.serviceRoleKey, today);
    await buildShop({ supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: `http://127.0.0.1:${target.shopPort}`, root: ROOT, outDir });
    // the header search's index, as a publication writes it once the pages are live
    await writeSearchIndexInBackground(outDir, { supabaseUrl: stack.url, anonKey: stack.anonKey });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const shop = await serveShop(outDir, target.shopPort);
  Object.assign(
    process.env,
    stackEnv(target.name, {
      baseUrl: `http://127.0.0.1:${target.shopPort}`,
      supabaseUrl: stack.url,
      anonKey: stack.anonKey,
      serviceRoleKey: stack.serviceRoleKey,
      dbUrl: stack.dbUrl,
      restUrl: stack.restUrl,
      jwtSecret: stack.jwtSecret,
      dist: outDir,
    }),
  );
  return async () => {
    await shop.close();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const today = todayInMexicoCity();
  process.env['E2E_TODAY'] = today;
  const started = await Promise.allSettled(E2E_STACKS.map((target) => startShop(target, today)));
  const stops = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  return stopAll;
}
