/**
 * The dashboard test page's queries (/test-dashboard): the counts a shopper's anon key can read, timed,
 * each reporting its own error, plus a few products with their campaign, category and subcategory.
 * Runs at build time and again in the browser from the 'Actualizar' island.
 */
import type { ShopClient } from './supabase.ts';

export type DashboardCheckKey = 'products' | 'campaigns' | 'categories' | 'brands' | 'relations';

export interface DashboardCheck {
  key: DashboardCheckKey;
  label: string;
  count: number | null;
  /** How long the query took; null in the static page, which holds no build-time timings. */
  ms: number | null;
  error: string | null;
}

export interface RelatedProduct {
  id: string;
  nombre: string;
  marca: string;
  campaign: string;
  category: string | null;
  subcategory: string | null;
}

export interface DashboardResult {
  checks: DashboardCheck[];
  sample: RelatedProduct[];
  /** ISO timestamp of when the queries ran; null in the static page. */
  ranAt: string | null;
}

const SAMPLE_SIZE = 5;

type Counted = { count: number | null; error: { message: string } | null };

async function timed(key: DashboardCheckKey, label: string, run: () => PromiseLike<Counted>): Promise<DashboardCheck> {
  const start = performance.now();
  try {
    const { count, error } = await run();
    const ms = Math.round(performance.now() - start);
    return { key, label, count: error ? null : (count ?? 0), ms, error: error?.message ?? null };
  } catch (e) {
    return { key, label, count: null, ms: Math.round(performance.now() - start), error: e instanceof Error ? e.message : String(e) };
  }
}

const one = <T>(v: T | T[] | null): T | null => (Array.isArray(v) ? (v[0] ?? null) : v);

/** Runs the five checks in parallel, as the anon key sees the data (live campaigns only: RLS). */
export async function runDashboardQueries(db: ShopClient): Promise<DashboardResult> {
  const ranAt = new Date().toISOString();
  let sample: RelatedProduct[] = [];
  const checks = await Promise.all([
    timed('products', 'Productos', () => db.from('products').select('id', { count: 'exact', head: true })),
    timed('campaigns', 'Campañas activas', () => db.from('campaigns').select('id', { count: 'exact', head: true })),
    timed('categories', 'Categorías', () => db.from('categories').select('id', { count: 'exact', head: true })),
    timed('brands', 'Marcas', () => db.from('brands').select('id', { count: 'exact', head: true })),
    timed('relations', 'Productos con relaciones', async () => {
      const { data, count, error } = await db
        .from('products')
        .select(
          'id, nombre, marca, campaign:campaigns!inner(nombre, fecha_fin), category:categories(nombre), subcategory:subcategories(nombre)',
          { count: 'exact' },
        )
        .order('created_at', { ascending: false })
        .limit(SAMPLE_SIZE);
      sample = (data ?? []).map((p) => ({
        id: p.id,
        nombre: p.nombre,
        marca: p.marca,
        campaign: one(p.campaign)?.nombre ?? '',
        category: one(p.category)?.nombre ?? null,
        subcategory: one(p.subcategory)?.nombre ?? null,
      }));
      return { count, error };
    }),
  ]);
  return { checks, sample, ranAt };
}

/**
 * The results as the static page holds them: counts and sample without timings or the build's
 * clock, so two builds of the same data write the same page (the browser re-runs them, timed).
 */
export function withoutTimings(result: DashboardResult): DashboardResult {
  return { ...result, checks: result.checks.map((c) => ({ ...c, ms: null })), ranAt: null };
}
