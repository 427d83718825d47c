/**
 * `npm run bench`: timings on a catalogue of 100k products (BENCH_PRODUCTS to change), measured
 * through supabase-js against a throwaway local stack, as a shopper and as an admin would ask.
 * Prints the median and the 95th percentile of BENCH_RUNS calls per case. Not part of `npm test`.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureAdmin } from './lib/admin-user.ts';
import { seedBulkProducts } from './seed/index.ts';
import { startStack } from './stack/index.ts';

const PRODUCTS = Number(process.env['BENCH_PRODUCTS'] ?? 100_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 15);
const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

async function time(label: string, call: () => PromiseLike<{ error: unknown }>): Promise<string> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = performance.now();
    const { error } = await call();
    if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
    if (i >= 2) samples.push(performance.now() - started); // two warm-up calls
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(0);
  return `${label.padEnd(58)} ${at(0.5).padStart(6)} ms ${at(0.95).padStart(6)} ms`;
}

const dataDir = await mkdtemp(join(tmpdir(), 'outlet-bench-'));
const stack = await startStack({ dataDir, dbPort: 63322, apiPort: 63321, restPort: 63329, seed: true, durable: false, log: () => undefined });
try {
  console.log(`Catálogo: demo + ${PRODUCTS} productos…`);
  await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, count: PRODUCTS, log: () => undefined });
  await ensureAdmin(stack.url, stack.serviceRoleKey, 'bench@outlet.local', 'bench-password-1');
  const anon: SupabaseClient = createClient(stack.url, stack.anonKey, noSession);
  const admin: SupabaseClient = createClient(stack.url, stack.anonKey, noSession);
  await admin.auth.signInWithPassword({ email: 'bench@outlet.local', password: 'bench-password-1' });
  const { data: category } = await anon.from('categories').select('id').limit(1).single();
  const { data: campaign } = await anon.from('campaigns').select('id').limit(1).single();
  const shop = (args: Record<string, unknown>) => anon.rpc('shop_page', { p_offset: 0, p_limit: 12, ...args });
  const list = (args: Record<string, unknown>) =>
    admin.rpc('admin_products', { p_search: null, p_campaign_id: null, p_only_active: false, p_sort: 'recent', p_offset: 0, p_limit: 50, ...args });

  console.log(`${'caso'.padEnd(58)} ${'mediana'.padStart(9)} ${'p95'.padStart(9)}`);
  for (const line of [
    await time('tienda: página 1 sin filtros (productos + facetas)', () => shop({})),
    await time('tienda: categoría', () => shop({ p_category_id: category!.id })),
    await time('tienda: categoría + talla M', () => shop({ p_category_id: category!.id, p_size_name: 'M' })),
    await time('tienda: búsqueda "chamarra"', () => shop({ p_search_term: 'chamarra' })),
    await time('tienda: página 20', () => shop({ p_offset: 228 })),
    await time('tienda: get_filtered_product_count', () => anon.rpc('get_filtered_product_count', {})),
    await time('admin: productos, primera página de 50', () => list({})),
    await time('admin: productos de una campaña', () => list({ p_campaign_id: campaign!.id })),
    await time('admin: búsqueda "jeans" (200)', () => list({ p_search: 'jeans', p_limit: 200 })),
    await time('admin: Top 1000 Descuentos', () => list({ p_sort: 'top_discount' })),
    await time('admin: Top 1000 Ganancias', () => list({ p_sort: 'top_profit' })),
  ])
    console.log(line);
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}
