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

/** Pages a search engine should list: not the admin, the test pages, the error pages or duplicates. */
export function isIndexable(route: string): boolean {
  if (route === '/404' || route === '/500' || DUPLICATE_ROUTES.includes(route)) return false;
  if (route === '/admin' || route.startsWith('/admin/')) return false;
  return !route.startsWith('/test-');
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Absolute URL of a route on the site. */
export function absoluteUrl(site: string, route: string): string {
  return new URL(route, site.endsWith('/') ? site : `${site}/`).href;
}

/** The sitemap document: one <url><loc> per route (indexable routes only, no duplicates, in the order given). */
export function sitemapXml(site: string, routes: readonly string[]): string {
  const unique = [...new Set(routes.filter(isIndexable))];
  const urls = unique.map((r) => `  <url><loc>${escapeXml(absoluteUrl(site, r))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything allowed except the admin and test pages; points to the sitemap. */
export function robotsTxt(site: string): string {
  const rules = PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`).join('\n');
  return `User-agent: *\nAllow: /\n${rules}\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\n`;
}
