/**
 * The storefront's typed database client factory (no environment access, so tests and scripts can use
 * it too). The shop only ever talks to PostgREST with the anon key (no sign-in, no storage calls), so
 * it uses Supabase's PostgREST client on its own rather than the whole supabase-js, whose auth,
 * realtime and storage parts would ship to every shopper for nothing.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { ShopDatabase } from './rpc.ts';

/** Typed with the generated schema, JSON RPC results included. */
export type ShopClient = PostgrestClient<ShopDatabase>;

/** Inserts of shop analytics events (src/data/analytics.ts). */
const ANALYTICS_INSERT = /\/rest\/v1\/(search|filter|product_click)_analytics(\?|$)/;

/**
 * An analytics event outlives the page that sends it (a search submitted or a product opened in the
 * same tab): it goes out with keepalive, so the browser finishes it after navigating away.
 */
const keepAnalyticsAlive: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return fetch(input, init?.method === 'POST' && ANALYTICS_INSERT.test(url) ? { ...init, keepalive: true } : init);
};

/** A client with the anon key, as supabase-js would send it (build time and shopper islands). */
export function createShopClient(url: string, anonKey: string): ShopClient {
  return new PostgrestClient<ShopDatabase>(`${url.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    fetch: keepAnalyticsAlive,
  });
}
