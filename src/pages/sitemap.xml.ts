/** /sitemap.xml: every built shopper page (static pages and one per active product), built with the site. */
import type { APIRoute } from 'astro';
import { shopClient } from '../data/client.ts';
import { getActivePermalinks } from '../data/sitemap.ts';
import { todayInMexicoCity } from '../lib/dates.ts';
import { pageRoute, sitemapXml } from '../lib/sitemap.ts';

/** Page files beside this endpoint; only their names are used (nothing is imported). */
const pageFiles = Object.keys(import.meta.glob('./**/*.{astro,md,mdx}'));

export const GET: APIRoute = async ({ site, url }) => {
  const pages = pageFiles.map(pageRoute).filter((r): r is string => r !== null);
  const permalinks = await getActivePermalinks(shopClient, todayInMexicoCity());
  const products = permalinks.map((p) => `/producto/${encodeURIComponent(p)}`);
  return new Response(sitemapXml((site ?? url).href, [...pages.sort(), ...products]), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
