/** The metatag test page's sample: the newest product of an active campaign, as the anon key sees it. */
import type { Tables } from './database.types.ts';
import { CARD_SELECT, toCardProduct, toSummary, type ProductSummary } from './product-summary.ts';
import type { ShopClient } from './supabase.ts';

export type SampleProduct = ProductSummary & Pick<Tables<'products'>, 'descripcion'>;

/** Null when no campaign is active (nothing to test against). */
export async function getSampleProduct(db: ShopClient): Promise<SampleProduct | null> {
  const { data, error } = await db
    .from('products')
    .select(`${CARD_SELECT}, descripcion`)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(`No se pudo cargar el producto de muestra: ${error.message}`);
  return data ? { ...toSummary(toCardProduct(data)), descripcion: data.descripcion } : null;
}
