/** /sitemap-N.xml: the N-th file of 50,000 URLs when the shop has more pages than one sitemap may list. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { shopClient } from '../data/client.ts';
import { sitemapPages } from '../data/sitemap.ts';
import { type SitemapEntry, sitemapChunks, sitemapXml } from '../lib/sitemap.ts';
import { staticRoutes } from './sitemap.xml.ts';

export const getStaticPaths = (async () => {
  const chunks = sitemapChunks(await sitemapPages(shopClient, staticRoutes()));
  // one sitemap file is /sitemap.xml itself: no numbered files then
  if (chunks.length < 2) return [];
  return chunks.map((entries, i) => ({ params: { n: String(i + 1) }, props: { entries } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ entries: SitemapEntry[] }> = ({ props, site, url }) =>
  new Response(sitemapXml((site ?? url).href, props.entries), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
