/**
 * The storefront stack's announced campaign ('Próximamente', tests/e2e/coming-soon.spec.ts): announced
 * since yesterday, it opens in three days at 10:00 in Mexico City, with two products of its own that
 * no shopper sees before then. The global setup writes it beside the demo data, before the shop is
 * built, so the home and /proximamente announce it.
 */
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../src/data/database.types.ts';

export const ANNOUNCED = {
  nombre: 'Navidad Anticipada',
  products: ['Abrigo Navideño Anticipado', 'Gorro Navideño Anticipado'],
  hour: '10:00',
};

/** yyyy-MM-dd `days` after the run's today (Mexico City). */
const dayAfter = (today: string, days: number) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export async function writeAnnouncedCampaign(url: string, serviceRoleKey: string, today: string): Promise<void> {
  const db = createClient<Database>(url, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  // its teaser: the picture of a demo campaign
  const { data: teaser } = await db.from('campaigns').select('image_url').not('image_url', 'is', null).limit(1).single().throwOnError();
  const { data: campaign } = await db
    .from('campaigns')
    .insert({
      nombre: ANNOUNCED.nombre,
      anuncio_desde: dayAfter(today, -1),
      fecha_inicio: dayAfter(today, 3),
      hora_inicio: ANNOUNCED.hour,
      fecha_fin: dayAfter(today, 17),
      teaser_url: teaser.image_url,
    })
    .select('id')
    .single()
    .throwOnError();
  const { data: category } = await db.from('categories').select('id').eq('activa', true).limit(1).single().throwOnError();
  const { data: products } = await db
    .from('products')
    .insert(
      ANNOUNCED.products.map((nombre, i) => ({
        campaign_id: campaign.id,
        category_id: category.id,
        marca: 'Marca Anticipada',
        nombre,
        precio_original: 2000 + i * 500,
        precio_venta: 1200 + i * 300,
        permalink: `marca-anticipada-${nombre
          .toLowerCase()
          .replaceAll(' ', '-')
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')}`,
      })),
    )
    .select('id')
    .throwOnError();
  await db
    .from('product_sizes')
    .insert(products.map((p) => ({ product_id: p.id, talla: 'M' })))
    .throwOnError();
}
