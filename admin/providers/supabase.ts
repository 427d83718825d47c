/**
 * The back office's one Supabase client: public URL and anon key (admin/vite.config.ts), the signed-in admin's
 * session persisted in localStorage. The only credentials it ever holds are the user's own.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/data/database.types.ts';

export type AdminClient = SupabaseClient<Database>;

export const SUPABASE_URL = import.meta.env.PUBLIC_SUPABASE_URL;
export const SUPABASE_ANON_KEY = import.meta.env.PUBLIC_SUPABASE_ANON_KEY;

/** localStorage key of the Supabase session (kept apart from anything the shop stores). */
export const SESSION_STORAGE_KEY = 'outlet_admin_session';

export const supabase: AdminClient = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: {
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: false,
    storageKey: SESSION_STORAGE_KEY,
    storage: typeof window === 'undefined' ? undefined : window.localStorage,
  },
});
