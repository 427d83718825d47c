/** Category reads of the storefront. */
import { getActiveCampaignIds } from './campaigns.ts';
import type { ShopClient } from './supabase.ts';

export interface HeaderCategory {
  id: string;
  nombre: string;
  product_count: number;
}

/**
 * Header categories (public, anon key): show_in_header, ordered by orden, each with its count of
 * products in active campaigns; only counts above 0 are kept, none when no campaign is active, and a
 * failed count counts as 0.
 */
export async function getHeaderCategories(db: ShopClient): Promise<HeaderCategory[]> {
  const campaignIds = await getActiveCampaignIds(db);
  if (campaignIds.length === 0) return [];
  const { data, error } = await db
    .from('categories')
    .select('id, nombre, orden')
    .eq('show_in_header', true)
    .eq('activa', true)
    .order('orden', { ascending: true })
    .order('nombre', { ascending: true });
  if (error) throw new Error(`No se pudieron cargar las categorías: ${error.message}`);
  const counted = await Promise.all(
    data.map(async (c) => {
      const { count, error: countError } = await db
        .from('products')
        .select('id', { count: 'exact', head: true })
        .eq('category_id', c.id)
        .eq('agotado', false)
        .in('campaign_id', campaignIds);
      return { id: c.id, nombre: c.nombre, product_count: countError ? 0 : (count ?? 0) };
    }),
  );
  return counted.filter((c) => c.product_count > 0);
}
