/** sitemap.xml and robots.txt: which built pages search engines may list, and the two documents. */

/** Route prefixes kept out of the sitemap and disallowed in robots.txt. */
export const PRIVATE_PREFIXES = ['/admin', '/test-'] as const;

/**
 * The route of a page file under src/pages ('./como-comprar.astro' → '/como-comprar', './index.astro' → '/').
 * Null for dynamic routes ('[permalink]'), endpoints and files or folders starting with '_'.
 */
export function pageRoute(file: string): string | null {
  const path = /^(?:\.\/)?(.*)\.(?:astro|md|mdx|html)$/.exec(file)?.[1];
  if (path === undefined || /\[|(^|\/)_/.test(path)) return null;
  return `/${path.replace(/(^|\/)index$/, '')}`;
}

/** Pages that duplicate another one and name it canonical (/home-v1: the home rearranged; /tienda-reactive: /tienda). */
export const DUPLICATE_ROUTES: readonly string[] = ['/home-v1', '/tienda-reactive'];

/**
 * Pages that show only one shopper's own things, nothing for a search engine: what they keep in their
 * browser (Mi bolsa), and an order's page, which only its link's holder may see (/pedido).
 */
export const PERSONAL_ROUTES: readonly string[] = ['/bolsa', '/pedido'];

/** Pages a search engine should list: not the admin, the test pages, the error pages, duplicates or personal pages. */
export function isIndexable(route: string): boolean {
  if (route === '/404' || route === '/500' || DUPLICATE_ROUTES.includes(route) || PERSONAL_ROUTES.includes(route)) return false;
  if (route === '/admin' || route.startsWith('/admin/')) return false;
  return !route.startsWith('/test-');
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Absolute URL of a route on the site. */
export function absoluteUrl(site: string, route: string): string {
  return new URL(route, site.endsWith('/') ? site : `${site}/`).href;
}

/** The sitemap protocol's limit of URLs in one sitemap file; above it the URLs go in several, named by an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** A page of the sitemap: its route and, when the data knows it, when its content last changed. */
export interface SitemapEntry {
  route: string;
  lastmod?: string | null;
}

const entryOf = (e: string | SitemapEntry): SitemapEntry => (typeof e === 'string' ? { route: e } : e);

/** The indexable entries, each route once (its first occurrence), in the order given. */
export function sitemapEntries(entries: readonly (string | SitemapEntry)[]): SitemapEntry[] {
  const seen = new Set<string>();
  const out: SitemapEntry[] = [];
  for (const e of entries.map(entryOf)) {
    if (!isIndexable(e.route) || seen.has(e.route)) continue;
    seen.add(e.route);
    out.push(e);
  }
  return out;
}

/** A timestamp as the sitemap's W3C datetime (UTC), or null when unreadable. */
function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The newest lastmod of some entries, or null when none has one. */
export function newestLastmod(entries: readonly SitemapEntry[]): string | null {
  let newest: string | null = null;
  for (const e of entries) {
    const d = w3cDate(e.lastmod);
    if (d && (!newest || d > newest)) newest = d;
  }
  return newest;
}

/** The sitemap document: one <url> per indexable route (once, in the order given), with <lastmod> when known. */
export function sitemapXml(site: string, entries: readonly (string | SitemapEntry)[]): string {
  const urls = sitemapEntries(entries).map((e) => {
    const lastmod = w3cDate(e.lastmod);
    return `  <url><loc>${escapeXml(absoluteUrl(site, e.route))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The indexable entries in files of at most `max` URLs (one file when they fit). */
export function sitemapChunks(entries: readonly (string | SitemapEntry)[], max = SITEMAP_MAX_URLS): SitemapEntry[][] {
  const all = sitemapEntries(entries);
  const chunks: SitemapEntry[][] = [];
  for (let i = 0; i < all.length; i += max) chunks.push(all.slice(i, i + max));
  return chunks.length > 0 ? chunks : [[]];
}

/** The route of the n-th sitemap file (1-based) when the URLs need several. */
export const sitemapChunkRoute = (n: number) => `/sitemap-${n}.xml`;

/** The sitemap index: one <sitemap> per file, with the newest lastmod of its URLs. */
export function sitemapIndexXml(site: string, chunks: readonly (readonly SitemapEntry[])[]): string {
  const items = chunks.map((chunk, i) => {
    const lastmod = newestLastmod(chunk);
    return `  <sitemap><loc>${escapeXml(absoluteUrl(site, sitemapChunkRoute(i + 1)))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: everything allowed except the admin and test pages; points to the sitemap. */
export function robotsTxt(site: string): string {
  const rules = PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`).join('\n');
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\n`;
}
