/**
 * What the home loads once it runs (src/pages/inicio.json.ts): the carousels' full lists and the rows of
 * the campaigns dialog, fetched once per page for all of them. No framework here: the dialog's plain
 * script uses it too.
 */
import type { CardProduct, ProductSummary } from '../../data/product-summary.ts';
import type { HeroSlide } from '../../lib/hero.ts';

/** A row of the campaigns dialog, as of the build's day. */
export interface CampaignRow {
  id: string;
  nombre: string;
  /** The picture's URL at the row's size, or null. */
  image: string | null;
  /** 'Finaliza hoy', 'Finaliza en N días'..., or null. */
  label: string | null;
  /** Elapsed share of the campaign, 0-100. */
  progress: number;
  /** 'yyyy-MM-dd' and as shown ('5/ENE/2025'). */
  endsOn: string;
  endsOnText: string;
  productCount: number;
}

export interface HomeRest {
  slides: HeroSlide<ProductSummary>[];
  featured: CardProduct[];
  campaigns: CampaignRow[];
}

const HOME_REST_URL = '/inicio.json';
let pending: Promise<HomeRest> | null = null;

export function loadHomeRest(): Promise<HomeRest> {
  pending ??= fetch(HOME_REST_URL).then((r) => (r.ok ? (r.json() as Promise<HomeRest>) : Promise.reject(new Error(`HTTP ${r.status}`))));
  pending.catch(() => {
    pending = null; // the next carousel to ask tries again
  });
  return pending;
}
