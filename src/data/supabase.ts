/** The typed Supabase client factory (no environment access, so tests and scripts can use it too). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { ShopDatabase } from './rpc.ts';

/** Typed with the generated schema, JSON RPC results included. */
export type ShopClient = SupabaseClient<ShopDatabase>;

/** A client with the anon key: no session is stored or refreshed (build time and shopper islands). */
export function createShopClient(url: string, anonKey: string): ShopClient {
  return createClient<ShopDatabase>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
