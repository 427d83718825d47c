/**
 * `npm run dev`: the local stack plus, against it, the Astro dev server of the shop and Vite's dev
 * server of the back office (admin/vite.config.ts) on the next port, both with hot reload.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { shopPort, stackOptionsFromEnv } from './stack/config.ts';
import { ROOT, startStack } from './stack/index.ts';
import { onShutdown } from './stack/shutdown.ts';

const hosted = process.env['PUBLIC_SUPABASE_URL'] && process.env['PUBLIC_SUPABASE_ANON_KEY'];
const stack = hosted ? undefined : await startStack(stackOptionsFromEnv());
const env = {
  ...process.env,
  ...(stack ? { PUBLIC_SUPABASE_URL: stack.url, PUBLIC_SUPABASE_ANON_KEY: stack.anonKey } : {}),
};
const astro = spawn(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(shopPort())], {
  cwd: ROOT,
  stdio: 'inherit',
  env,
});
const adminPort = shopPort() + 1;
const admin = spawn(
  process.execPath,
  [join(ROOT, 'node_modules/vite/bin/vite.js'), '--config', join(ROOT, 'admin/vite.config.ts'), '--port', String(adminPort)],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  },
);
console.log(`Administración: http://localhost:${adminPort}/admin/`);
onShutdown(async () => {
  astro.kill('SIGTERM');
  admin.kill('SIGTERM');
  await stack?.stop();
});
astro.once('exit', (code) => {
  void stack?.stop().finally(() => process.exit(code ?? 0));
});
