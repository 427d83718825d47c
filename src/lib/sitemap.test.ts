import { describe, expect, it } from 'vitest';
import { absoluteUrl, isIndexable, pageRoute, robotsTxt, sitemapChunks, sitemapIndexXml, sitemapXml } from './sitemap.ts';

describe('pageRoute', () => {
  it('maps page files to routes', () => {
    expect(pageRoute('./index.astro')).toBe('/');
    expect(pageRoute('./como-comprar.astro')).toBe('/como-comprar');
    expect(pageRoute('./tienda/index.astro')).toBe('/tienda');
    expect(pageRoute('./legal/terminos.md')).toBe('/legal/terminos');
  });

  it('skips dynamic routes, endpoints and private files', () => {
    expect(pageRoute('./producto/[permalink].astro')).toBeNull();
    expect(pageRoute('./sitemap.xml.ts')).toBeNull();
    expect(pageRoute('./_parts/x.astro')).toBeNull();
  });
});

describe('isIndexable', () => {
  it('keeps shopper pages and leaves out admin, test and error pages', () => {
    for (const r of ['/', '/tienda', '/producto/nike-air', '/administrar-algo']) expect(isIndexable(r)).toBe(true);
    for (const r of ['/admin', '/admin/login', '/test-metatags', '/test-dashboard', '/404', '/500']) expect(isIndexable(r)).toBe(false);
  });

  it('leaves out the bag, which holds one shopper’s own products, and the order page, which shows one order', () => {
    expect(isIndexable('/bolsa')).toBe(false);
    expect(isIndexable('/pedido')).toBe(false);
  });

  it('leaves out the alternate home, whose canonical is /', () => {
    expect(isIndexable('/home-v1')).toBe(false);
    expect(isIndexable('/tienda-reactive')).toBe(false);
  });
});

describe('sitemapXml', () => {
  it('lists absolute, escaped, unique URLs of indexable routes', () => {
    const xml = sitemapXml('https://outlet.mx', ['/', '/tienda', '/tienda', '/test-metatags', '/producto/a&b']);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml.match(/<loc>/g)).toHaveLength(3);
    expect(xml).toContain('<loc>https://outlet.mx/</loc>');
    expect(xml).toContain('<loc>https://outlet.mx/tienda</loc>');
    expect(xml).toContain('<loc>https://outlet.mx/producto/a&amp;b</loc>');
    expect(xml).not.toContain('test-metatags');
  });

  it('joins routes to a site with or without a trailing slash', () => {
    expect(absoluteUrl('https://outlet.mx/', '/tienda')).toBe('https://outlet.mx/tienda');
    expect(absoluteUrl('https://outlet.mx', '/')).toBe('https://outlet.mx/');
  });
});

describe('lastmod and the sitemap index', () => {
  it('gives each URL its lastmod when the data knows it', () => {
    const xml = sitemapXml('https://outlet.mx', [
      { route: '/producto/a', lastmod: '2026-11-20T15:04:05+00:00' },
      { route: '/contacto', lastmod: null },
    ]);
    expect(xml).toContain('<url><loc>https://outlet.mx/producto/a</loc><lastmod>2026-11-20T15:04:05.000Z</lastmod></url>');
    expect(xml).toContain('<url><loc>https://outlet.mx/contacto</loc></url>');
  });

  it('splits the indexable URLs into files of at most the limit, each once', () => {
    const routes = ['/', '/admin', '/a', '/b', '/a', '/c', '/d', '/e'];
    expect(sitemapChunks(routes, 50_000)).toHaveLength(1);
    const chunks = sitemapChunks(routes, 2);
    expect(chunks.map((c) => c.map((e) => e.route))).toEqual([
      ['/', '/a'],
      ['/b', '/c'],
      ['/d', '/e'],
    ]);
    expect(sitemapChunks([], 2)).toEqual([[]]);
  });

  it('indexes the files with the newest lastmod of each', () => {
    const xml = sitemapIndexXml('https://outlet.mx', [
      [
        { route: '/a', lastmod: '2026-11-01T00:00:00Z' },
        { route: '/b', lastmod: '2026-11-03T00:00:00Z' },
      ],
      [{ route: '/c' }],
    ]);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain('<sitemap><loc>https://outlet.mx/sitemap-1.xml</loc><lastmod>2026-11-03T00:00:00.000Z</lastmod></sitemap>');
    expect(xml).toContain('<sitemap><loc>https://outlet.mx/sitemap-2.xml</loc></sitemap>');
  });
});

describe('robotsTxt', () => {
  it('disallows the admin and test pages and points to the sitemap', () => {
    expect(robotsTxt('https://outlet.mx')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /test-\n\nSitemap: https://outlet.mx/sitemap.xml\n',
    );
  });
});
