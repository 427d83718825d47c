/** The typed Supabase client factory (no environment access, so tests and scripts can use it too). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ShopDatabase } from './rpc.ts';

/** Typed with the generated schema, JSON RPC results included. */
export type ShopClient = SupabaseClient<ShopDatabase>;

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

/** A client with the anon key: no session is stored or refreshed (build time and shopper islands). */
export function createShopClient(url: string, anonKey: string): ShopClient {
  return createClient<ShopDatabase>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: keepAnalyticsAlive },
  });
}
