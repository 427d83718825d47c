/**
 * A large bulk action as the back office runs it, then every state class asked once right after it
 * returned: 10 % off every product of the live campaign with the most products (the product list's
 * filter, as the list's "all results" selection sends it), by an admin through the
 * bulk-update-products function. The bulk action refreshes the statistics in its transaction and the
 * function vacuums the shop's tables before it answers, so the states must be as fast as after the
 * bulk seed. Then every other kind of bulk action on that whole campaign, each timed as the admin
 * waits for it (feature, the pieces of every size, another category, another campaign).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import type { AfterBulk, BulkTiming } from './after-load.ts';
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
  const discount = await timedAction(admin, campaign, 'discount', { percent: 10 });
  progress(`filtros: acción masiva: ${discount.changed.toLocaleString('es-MX')} productos en ${discount.ms} ms; cada estado una vez…`);
  const fresh = await timeOnce(anon, states, 'shop-state-classes:after-bulk');

  const { rows: others } = await db.query<{ category: string; campaign: string }>(
    `select (select id::text from public.categories order by nombre offset 1 limit 1) as category,
            (select id::text from public.campaigns where id <> $1 and fecha_fin >= public.shop_today() order by nombre limit 1) as campaign`,
    [campaign.id],
  );
  const actions: BulkTiming[] = [{ action: 'discount', ...discount }];
  for (const [kind, value] of [
    ['feature', {}],
    ['stock', { existencias: 7 }],
    ['category', { category_id: others[0]?.category }],
    ['campaign', { campaign_id: others[0]?.campaign }],
  ] as const) {
    progress(`filtros: acción masiva «${kind}» sobre la campaña entera…`);
    const timing = await timedAction(admin, campaign, kind, value);
    progress(`filtros: «${kind}»: ${timing.changed.toLocaleString('es-MX')} productos en ${timing.ms} ms`);
    actions.push({ action: kind, ...timing });
  }
  return {
    action,
    changed: discount.changed,
    ms: discount.ms,
    classes: fresh.classes,
    slowest: fresh.byState.slice(0, 10),
    actions,
  };
}

/** One bulk action on every product of the campaign, through the bulk-update-products function as the back office calls it. */
async function timedAction(
  admin: SupabaseClient,
  campaign: { id: string; products: number },
  kind: string,
  value: Record<string, unknown>,
): Promise<{ changed: number; ms: number }> {
  const started = performance.now();
  const { data, error } = await admin.functions.invoke<{ changed: number }>('bulk-update-products', {
    body: { p_filter: { campaign_id: campaign.id }, p_action: kind, p_value: value, p_expected: campaign.products },
  });
  const ms = Math.round(performance.now() - started);
  if (error) {
    const context = (error as { context?: Response }).context;
    const reason = context ? await context.text().catch(() => error.message) : error.message;
    throw new Error(`acción masiva «${kind}» (${ms} ms): ${reason}`);
  }
  return { changed: Number(data?.changed ?? 0), ms };
}
