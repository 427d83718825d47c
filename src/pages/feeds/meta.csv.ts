/**
 * /feeds/meta.csv: the Meta (Facebook and Instagram) catalogue feed of the live catalogue (CSV;
 * src/lib/feeds.ts), written by every publication. Registered once in Meta Commerce Manager as a
 * scheduled feed of this URL (README, "Catalogue feeds").
 */
import type { APIRoute } from 'astro';
import { shopClient } from '../../data/client.ts';
import { loadFeedItems } from '../../data/feeds.ts';
import { buildShard } from '../../lib/build-shard.ts';
import { metaFeedCsv } from '../../lib/feeds.ts';

export const GET: APIRoute = async ({ site, url }) => {
  const headers = { 'Content-Type': 'text/csv; charset=utf-8' };
  // Only the first of several side-by-side builds publishes the pages besides the product pages (scripts/lib/build.ts).
  if (buildShard(process.env).index !== 0) return new Response('', { headers });
  const base = (site ?? url).href;
  const items = await loadFeedItems(shopClient, base);
  return new Response(metaFeedCsv(items), { headers });
};
