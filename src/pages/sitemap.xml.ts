/**
 * /sitemap.xml: every built shopper page (static pages and one per active product), built with the
 * site. Up to 50,000 URLs it is the sitemap itself; above that it is the index of /sitemap-N.xml.
 */
import type { APIRoute } from 'astro';
import { shopClient } from '../data/client.ts';
import { sitemapPages } from '../data/sitemap.ts';
import { pageRoute, sitemapChunks, sitemapIndexXml, sitemapXml } from '../lib/sitemap.ts';

/** Page files beside this endpoint; only their names are used (nothing is imported). */
const pageFiles = Object.keys(import.meta.glob('./**/*.{astro,md,mdx}'));
export const staticRoutes = () => pageFiles.map(pageRoute).filter((r): r is string => r !== null);

export const GET: APIRoute = async ({ site, url }) => {
  const chunks = sitemapChunks(await sitemapPages(shopClient, staticRoutes()));
  const base = (site ?? url).href;
  const xml = chunks.length > 1 ? sitemapIndexXml(base, chunks) : sitemapXml(base, chunks[0] ?? []);
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
