/**
 * 'Avísame' calls, with the anon key as plain typed fetches (like the bag's: no client library on
 * product pages): asking for an alert, unsubscribing, 'Borrar mis avisos', the order an alert led
 * to, and the shop's VAPID public key (the alerts function). The database checks everything and
 * answers refusals in Spanish (supabase/schemas/26_alerts.sql).
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { AVISO_KEY, rememberedAviso } from '../lib/alerts.ts';
import type { Database } from './database.types.ts';

type Functions = Database['public']['Functions'];
const root = () => PUBLIC_SUPABASE_URL.replace(/\/+$/, '');
const headers = {
  apikey: PUBLIC_SUPABASE_ANON_KEY,
  Authorization: `Bearer ${PUBLIC_SUPABASE_ANON_KEY}`,
  'Content-Type': 'application/json',
};

const OFFLINE = 'No pudimos guardar tu aviso. Revisa tu conexión e intenta de nuevo.';

async function rpc<N extends keyof Functions>(name: N, args: Functions[N]['Args']): Promise<Functions[N]['Returns']> {
  let response: Response;
  try {
    response = await fetch(`${root()}/rest/v1/rpc/${name}`, { method: 'POST', headers, body: JSON.stringify(args) });
  } catch {
    throw new Error(OFFLINE);
  }
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' && /^[A-ZÁÉÍÓÚÑ¿¡]/.test(message) ? message : OFFLINE);
  }
  return body as Functions[N]['Returns'];
}

export type AlertKind = 'campana' | 'talla' | 'termina';
export type PushJson = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Asks for an alert by push (the browser's subscription) or email; how many the contact holds for these ids. */
export function subscribeAlert(a: { tipo: AlertKind; ids: string[]; talla?: string | null; email?: string; push?: PushJson }) {
  return rpc('subscribe_alert', {
    p_tipo: a.tipo,
    p_ids: a.ids,
    ...(a.talla ? { p_talla: a.talla } : {}),
    ...(a.email ? { p_email: a.email } : {}),
    ...(a.push ? { p_push: a.push } : {}),
  });
}

/** The confirmation link of an email's alerts: the email confirmed, or null for a link the shop does not know. */
export const confirmAlertEmail = (token: string) => rpc('confirm_alert_email', { p_token: token });

/** The one-tap unsubscribe: how many requests it deleted. */
export const unsubscribeAlerts = (token: string) => rpc('unsubscribe_alerts', { p_token: token });

/** 'Borrar mis avisos': every request of an email or of this browser's push endpoint (of one kind with tipo). */
export function deleteMyAlerts(a: { email?: string; endpoint?: string; tipo?: AlertKind }) {
  return rpc('delete_my_alerts', {
    ...(a.email ? { p_email: a.email } : {}),
    ...(a.endpoint ? { p_endpoint: a.endpoint } : {}),
    ...(a.tipo ? { p_tipo: a.tipo } : {}),
  });
}

/** An order placed after opening an alert counts for it (the database checks the times). */
export const recordAlertConversion = (delivery: string, pageToken: string) =>
  rpc('record_alert_conversion', { p_delivery: delivery, p_order_token: pageToken });

let key: Promise<string | null> | undefined;
/** The shop's VAPID public key (null while push is off), asked once per page. */
export function alertsPublicKey(): Promise<string | null> {
  key ??= fetch(`${root()}/functions/v1/alerts/key`)
    .then((r) => (r.ok ? (r.json() as Promise<{ publicKey: string | null }>) : { publicKey: null }))
    .then((b) => (typeof b.publicKey === 'string' && b.publicKey ? b.publicKey : null))
    .catch(() => {
      key = undefined;
      return null;
    });
  return key;
}

/**
 * After place_order recorded an order: when the shopper came from an alert's open link in the last 7
 * days, the order counts for that alert (once; the database checks the times).
 */
export function reportAlertOrder(pageToken: string | null): void {
  if (!pageToken || typeof localStorage === 'undefined') return;
  const aviso = rememberedAviso(localStorage.getItem(AVISO_KEY), Date.now());
  if (!aviso) return;
  recordAlertConversion(aviso, pageToken)
    .then((recorded) => {
      if (recorded) localStorage.removeItem(AVISO_KEY);
    })
    .catch(() => undefined);
}
