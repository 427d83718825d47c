/** The metatag test page's sample: the newest product of an active campaign, as the anon key sees it. */
import type { ShopClient } from './supabase.ts';

export interface SampleProduct {
  nombre: string;
  marca: string;
  descripcion: string | null;
  imagen_principal: string | null;
  permalink: string;
  precio_original: number;
  precio_venta: number;
}

/** Null when no campaign is active (nothing to test against). */
export async function getSampleProduct(db: ShopClient, today: string): Promise<SampleProduct | null> {
  const { data, error } = await db
    .from('products')
    .select('nombre, marca, descripcion, imagen_principal, permalink, precio_original, precio_venta, campaign:campaigns!inner(fecha_fin)')
    .gte('campaign.fecha_fin', today)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(`No se pudo cargar el producto de muestra: ${error.message}`);
  if (!data) return null;
  const { campaign: _campaign, ...product } = data;
  return { ...product, precio_original: Number(product.precio_original), precio_venta: Number(product.precio_venta) };
}
