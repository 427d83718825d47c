/**
 * Serves the built shop: static files, /admin/* falling back to the admin SPA, the 404 page.
 * The folder can be switched while serving (a rebuild publishes by pointing at its new folder).
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export type SiteDir = string | (() => string);

const dirOf = (site: SiteDir) => (typeof site === 'string' ? site : site());

export function createShopServer(site: SiteDir): Hono {
  const app = new Hono();
  app.use('*', (c, next) => serveStatic({ root: relative(process.cwd(), dirOf(site)) || '.' })(c, next));
  app.get('/admin/*', async (c) => {
    const index = join(dirOf(site), 'admin/index.html');
    if (!existsSync(index)) return c.notFound();
    return c.html(await readFile(index, 'utf8'));
  });
  app.notFound(async (c) => {
    const page = join(dirOf(site), '404.html');
    const body = existsSync(page) ? await readFile(page, 'utf8') : '<h1>Página no encontrada</h1><a href="/">Inicio</a>';
    return c.html(body, 404);
  });
  return app;
}

export function serveShop(site: SiteDir, port: number): Promise<{ close(): Promise<void> }> {
  const app = createShopServer(site);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' }, () =>
      resolve({ close: () => new Promise((r) => server.close(() => r())) }),
    );
    server.once('error', reject);
  });
}
