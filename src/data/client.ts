/** The storefront's one Supabase client, from PUBLIC_SUPABASE_URL / PUBLIC_SUPABASE_ANON_KEY (astro:env). */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { createShopClient } from './supabase.ts';

export const shopClient = createShopClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY);
