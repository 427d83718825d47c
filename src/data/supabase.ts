/** The typed Supabase client factory (no environment access, so tests and scripts can use it too). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export type ShopClient = SupabaseClient<Database>;

/** A client with the anon key: no session is stored or refreshed (build time and shopper islands). */
export function createShopClient(url: string, anonKey: string): ShopClient {
  return createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
