/**
 * Online payment as the shop's pages see it: whether it is on (the public `pay` Edge Function's
 * `GET /functions/v1/pay/status`, {enabled}) and an order's links on this Supabase project
 * (src/lib/payment-link.ts). Payment is on only on a clear `{"enabled": true}`: a timeout, a network
 * failure, an error or a project without the function (404) is off, and the shop then works as it
 * did without online payment. The status is asked once per page load; a clear answer (the status, or
 * a refusal such as 404) is kept in sessionStorage for five minutes, so the shop's other pages do not
 * ask again; a timeout or a server error is off for this page only.
 */
import { PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { type OrderLinks, orderLinks, payStatusUrl } from '../lib/payment-link.ts';

const STATUS_KEY = 'outlet_payments';
/** How long a clear answer is kept. */
export const STATUS_FRESH_MS = 5 * 60_000;
/** How long the status may take: the chat message waits for it beside place_order, no longer. */
export const STATUS_TIMEOUT_MS = 2_500;

interface StoredStatus {
  enabled: boolean;
  at: number;
}

function storedStatus(now: number): boolean | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(STATUS_KEY) ?? 'null') as Partial<StoredStatus> | null;
    if (v && typeof v.enabled === 'boolean' && typeof v.at === 'number' && now - v.at >= 0 && now - v.at < STATUS_FRESH_MS) {
      return v.enabled;
    }
  } catch {
    // no storage (blocked) or a broken value: ask
  }
  return null;
}

function storeStatus(enabled: boolean): void {
  try {
    sessionStorage.setItem(STATUS_KEY, JSON.stringify({ enabled, at: Date.now() } satisfies StoredStatus));
  } catch {
    // storage blocked or full: the next page asks again
  }
}

async function readStatus(): Promise<boolean> {
  const kept = storedStatus(Date.now());
  if (kept !== null) return kept;
  try {
    // a plain GET (no key: the function is public), so the browser sends it without a preflight
    const response = await fetch(payStatusUrl(PUBLIC_SUPABASE_URL), { signal: AbortSignal.timeout(STATUS_TIMEOUT_MS) });
    if (!response.ok) {
      // a refusal (no such function: 404; not a public one: 401) is an answer; a busy or failing server is not
      if (response.status < 500 && response.status !== 408 && response.status !== 429) storeStatus(false);
      return false;
    }
    const body = (await response.json()) as { enabled?: unknown } | null;
    const enabled = body?.enabled === true;
    storeStatus(enabled);
    return enabled;
  } catch {
    return false;
  }
}

let status: Promise<boolean> | null = null;

/** Whether the shop takes payments online now; never throws (any failure is false). */
export function paymentsEnabled(): Promise<boolean> {
  status ??= readStatus();
  return status;
}

/** An order's page and (with payments on) payment links on this project; null without a page token. */
export function linksOf(token: string | null | undefined, site: string, payments: boolean): OrderLinks | null {
  return orderLinks(token, { site, supabaseUrl: PUBLIC_SUPABASE_URL, payments });
}
