/**
 * /feeds/google.xml: the Google Merchant Center feed of the live catalogue (RSS 2.0, `g:` attributes;
 * src/lib/feeds.ts), written by every publication. Registered once in Merchant Center as a scheduled
 * fetch of this URL (README, "Catalogue feeds").
 */
import type { APIRoute } from 'astro';
import { SHOP } from '../../config/shop.ts';
import { shopClient } from '../../data/client.ts';
import { loadFeedItems } from '../../data/feeds.ts';
import { buildShard } from '../../lib/build-shard.ts';
import { googleFeedXml } from '../../lib/feeds.ts';

export const GET: APIRoute = async ({ site, url }) => {
  const headers = { 'Content-Type': 'application/xml; charset=utf-8' };
  // A large catalogue is built by several builds side by side and only the first one's pages besides
  // the product pages are published (scripts/lib/build.ts): the others skip the work.
  if (buildShard(process.env).index !== 0) return new Response('', { headers });
  const base = (site ?? url).href;
  const items = await loadFeedItems(shopClient, base);
  return new Response(googleFeedXml({ title: SHOP.name, link: base, description: SHOP.description }, items), { headers });
};
