/** Serves the built shop from dist/: static files, /admin/* falling back to the admin SPA, 404 page. */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export function createShopServer(distDir: string): Hono {
  const root = relative(process.cwd(), distDir) || '.';
  const app = new Hono();
  app.use('*', serveStatic({ root }));
  app.get('/admin/*', async (c) => {
    const index = join(distDir, 'admin/index.html');
    if (!existsSync(index)) return c.notFound();
    return c.html(await readFile(index, 'utf8'));
  });
  app.notFound(async (c) => {
    const page = join(distDir, '404.html');
    const body = existsSync(page) ? await readFile(page, 'utf8') : '<h1>Página no encontrada</h1><a href="/">Inicio</a>';
    return c.html(body, 404);
  });
  return app;
}

export function serveShop(distDir: string, port: number): Promise<{ close(): Promise<void> }> {
  const app = createShopServer(distDir);
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: '0.0.0.0' }, () =>
      resolve({ close: () => new Promise((r) => server.close(() => r())) }),
    );
    server.once('error', reject);
  });
}
