/**
 * Shop analytics events (search, filter, product click): one row per request with the anon key, sent
 * without waiting for an answer the page needs (PostgREST answers an insert with no body). The database
 * checks every field and sets the time, the client network and a click's product name and permalink
 * (supabase/schemas/14_analytics_ingest.sql); a failure is logged to the console and never reaches the shopper.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import type { TablesInsert } from './database.types.ts';

type EventTable = 'search_analytics' | 'filter_analytics' | 'product_click_analytics';

/**
 * One row into an event table through PostgREST with the anon key, as a plain typed fetch (the
 * PostgREST client would add its weight to every page for three inserts). The event outlives the page
 * that sends it (a search submitted or a product opened in the same tab): it goes out with keepalive,
 * so the browser finishes it after navigating away.
 */
async function insert<T extends EventTable>(table: T, row: TablesInsert<T>): Promise<{ error: { message: string } | null }> {
  const response = await fetch(`${PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/${table}`, {
    method: 'POST',
    keepalive: true,
    headers: {
      apikey: PUBLIC_SUPABASE_ANON_KEY,
      Authorization: `Bearer ${PUBLIC_SUPABASE_ANON_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(row),
  });
  return { error: response.ok ? null : { message: `${response.status} ${await response.text()}` } };
}

/** filter_type values the database accepts (analytics_filter_types()) that the shop records. */
export type FilterEventType = 'category' | 'subcategory' | 'brand' | 'campaign' | 'price_range' | 'size';

const SESSION_KEY = 'outlet_analytics_session';

/** The session id: generated once per browser session and kept in sessionStorage. */
export function analyticsSessionId(): string {
  try {
    const stored = sessionStorage.getItem(SESSION_KEY);
    if (stored) return stored;
    const id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    fallbackId ??= crypto.randomUUID();
    return fallbackId;
  }
}
let fallbackId: string | undefined;

const clip = (s: string, max: number) => s.slice(0, max);

/** The page an event was sent from; the order page's query (its token, the key to an order) never goes into an event. */
const pageUrl = () => (/^\/pedido(\/|$)/.test(location.pathname) ? `${location.origin}${location.pathname}` : location.href);

function context() {
  return {
    session_id: analyticsSessionId(),
    user_agent: clip(navigator.userAgent, 500),
    page_url: clip(pageUrl(), 2000),
  };
}

/** Runs one insert; errors are logged only. */
async function record(what: string, send: () => PromiseLike<{ error: { message: string } | null }>): Promise<void> {
  try {
    const { error } = await send();
    if (error) console.error(`No se pudo registrar ${what}:`, error.message);
  } catch (e) {
    console.error(`No se pudo registrar ${what}:`, e);
  }
}

export function trackSearch(term: string): Promise<void> {
  const t = term.trim();
  if (!t) return Promise.resolve();
  return record('la búsqueda', () => insert('search_analytics', { ...context(), search_term: clip(t, 200) }));
}

export function trackFilter(type: FilterEventType, value: string): Promise<void> {
  const v = value.trim();
  if (!v) return Promise.resolve();
  return record('el filtro', () => insert('filter_analytics', { ...context(), filter_type: type, filter_value: clip(v, 200) }));
}

/** A product opened from a card or a search result (the database adds its name and permalink). */
export function trackProductClick(product: { id: string }): Promise<void> {
  return record('el clic', () =>
    insert('product_click_analytics', {
      ...context(),
      product_id: product.id,
      referrer_url: document.referrer ? clip(document.referrer, 2000) : null,
    }),
  );
}
