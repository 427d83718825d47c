/**
 * Serves the built shop as the static host does: static files, /admin/* falling back to the admin
 * SPA, the 404 page, and the build's own `_headers` (security headers and caching) on every
 * response, compressed, so the shop runs locally under the same Content-Security-Policy as in production
 * and weighs what it weighs there.
 * The folder can be switched while serving (a rebuild publishes by pointing at its new folder).
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { type HeaderRule, headersFor, parseHeaders } from './host-config.ts';

export type SiteDir = string | (() => string);

const dirOf = (site: SiteDir) => (typeof site === 'string' ? site : site());

/** The host's default for responses no rule caches: revalidate on every visit. */
const REVALIDATE = 'public, max-age=0, must-revalidate';

export function createShopServer(site: SiteDir): Hono {
  const app = new Hono();
  const rulesByDir = new Map<string, Promise<HeaderRule[]>>();
  const rulesOf = (dir: string) => {
    let rules = rulesByDir.get(dir);
    if (!rules) {
      rules = readFile(join(dir, '_headers'), 'utf8').then(parseHeaders, () => []);
      rulesByDir.set(dir, rules);
    }
    return rules;
  };
  // Text goes out compressed (gzip), as every static host sends it.
  app.use('*', compress());
  app.use('*', async (c, next) => {
    // The host's own configuration files are not pages.
    if (c.req.path === '/_headers' || c.req.path === '/_redirects') return c.notFound();
    await next();
    for (const [name, value] of headersFor(await rulesOf(dirOf(site)), c.req.path)) c.res.headers.set(name, value);
    if (!c.res.headers.has('cache-control')) c.res.headers.set('cache-control', REVALIDATE);
    return undefined;
  });
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
