/**
 * Browser tests run against the real thing: a throwaway stack with the demo data, the storefront
 * built against it with the anon key, served as `npm start` serves it.
 *
 * "Today" in Mexico City is decided once, here: the demo campaigns are dated from it and the tests
 * read it from E2E_TODAY, so a midnight that falls during the run does not move their expectations.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildShop } from '../../scripts/lib/build.ts';
import { serveShop } from '../../scripts/lib/static-server.ts';
import { seedDemo } from '../../scripts/seed/index.ts';
import { loopbackOrigins } from '../../scripts/stack/config.ts';
import { ROOT, startStack } from '../../scripts/stack/index.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'outlet-e2e-'));
  const today = todayInMexicoCity();
  const stack = await startStack({
    dataDir,
    dbPort: port('E2E_DB_PORT', 65322),
    apiPort: port('E2E_SUPABASE_PORT', 65321),
    restPort: port('E2E_REST_PORT', 65329),
    seed: false,
    durable: false,
    // the shop under test, and the static host the publishing test stands up
    allowedOrigins: [...loopbackOrigins(port('E2E_SHOP_PORT', 64400)), ...loopbackOrigins(port('E2E_PUBLISH_PORT', 64401))],
    log: () => undefined,
  });
  const outDir = join(dataDir, 'dist');
  const shopPort = port('E2E_SHOP_PORT', 64400);
  try {
    await seedDemo({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, today });
    await buildShop({ supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: `http://127.0.0.1:${shopPort}`, root: ROOT, outDir });
  } catch (error) {
    await stack.stop();
    throw error;
  }
  const shop = await serveShop(outDir, shopPort);
  process.env['E2E_BASE_URL'] = `http://127.0.0.1:${shopPort}`;
  process.env['E2E_SUPABASE_URL'] = stack.url;
  process.env['E2E_ANON_KEY'] = stack.anonKey;
  process.env['E2E_SERVICE_ROLE_KEY'] = stack.serviceRoleKey;
  process.env['E2E_DB_URL'] = stack.dbUrl;
  process.env['E2E_TODAY'] = today;
  return async () => {
    await shop.close();
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
