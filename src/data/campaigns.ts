/** Campaign reads of the storefront. */
import type { ShopClient } from './supabase.ts';

export interface ActiveCampaign {
  id: string;
  nombre: string;
  fecha_inicio: string | null;
  fecha_fin: string;
  image_url: string | null;
  created_at: string | null;
  product_count: number;
}

/** Live campaigns (RLS shows shoppers no other), nearest end first, with their visible product count. */
export async function getActiveCampaigns(db: ShopClient): Promise<ActiveCampaign[]> {
  const { data, error } = await db
    .from('campaigns_with_products')
    .select('id, nombre, fecha_inicio, fecha_fin, image_url, created_at, product_count')
    .order('fecha_fin', { ascending: true })
    .order('nombre', { ascending: true });
  if (error) throw new Error(`No se pudieron cargar las campañas: ${error.message}`);
  return data.flatMap((c) =>
    c.id && c.nombre && c.fecha_fin
      ? [{ ...c, id: c.id, nombre: c.nombre, fecha_fin: c.fecha_fin, product_count: Number(c.product_count ?? 0) }]
      : [],
  );
}

/** Ids of the campaigns a shopper can see: the live ones (RLS). */
export async function getActiveCampaignIds(db: ShopClient): Promise<string[]> {
  const { data, error } = await db.from('campaigns').select('id');
  if (error) throw new Error(`No se pudieron cargar las campañas: ${error.message}`);
  return data.map((c) => c.id);
}
