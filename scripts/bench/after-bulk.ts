/**
 * A large bulk action as the back office runs it, then every state class asked once right after it
 * returned: 10 % off every product of the live campaign with the most products (the product list's
 * filter, as the list's "all results" selection sends it), by an admin through the
 * bulk-update-products function. The bulk action refreshes the statistics in its transaction and the
 * function vacuums the shop's tables before it answers, so the states must be as fast as after the
 * bulk seed.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import type { AfterBulk } from './after-load.ts';
import { timeOnce } from './class-timings.ts';
import { progress } from './options.ts';
import type { ClassState } from './state-classes.ts';

export async function runAfterBulk(
  db: pg.Client,
  anon: SupabaseClient,
  admin: SupabaseClient,
  states: readonly ClassState[],
): Promise<AfterBulk> {
  const { rows } = await db.query<{ id: string; nombre: string; products: number }>(
    `select c.id::text, c.nombre, count(*)::int as products
       from public.products p join public.campaigns c on c.id = p.campaign_id
      where c.fecha_fin >= public.shop_today()
      group by c.id, c.nombre order by products desc limit 1`,
  );
  const campaign = rows[0];
  if (!campaign) throw new Error('acción masiva: no hay campañas vigentes');
  const action = `10 % de descuento a los ${campaign.products.toLocaleString('es-MX')} productos de la campaña «${campaign.nombre}»`;
  progress(`filtros: acción masiva: ${action}…`);
  const started = performance.now();
  const { data, error } = await admin.functions.invoke<{ changed: number }>('bulk-update-products', {
    body: { p_filter: { campaign_id: campaign.id }, p_action: 'discount', p_value: { percent: 10 }, p_expected: campaign.products },
  });
  const ms = Math.round(performance.now() - started);
  if (error) {
    const context = (error as { context?: Response }).context;
    const reason = context ? await context.text().catch(() => error.message) : error.message;
    throw new Error(`acción masiva (${ms} ms): ${reason}`);
  }
  const changed = Number(data?.changed ?? 0);
  progress(`filtros: acción masiva: ${changed.toLocaleString('es-MX')} productos en ${ms} ms; cada estado una vez…`);
  const fresh = await timeOnce(anon, states, 'shop-state-classes:after-bulk');
  return { action, changed, ms, classes: fresh.classes, slowest: fresh.byState.slice(0, 10) };
}
