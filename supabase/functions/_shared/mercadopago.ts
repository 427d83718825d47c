/**
 * Mercado Pago as the payment functions (pay, mercadopago-webhook, refund-payment) talk to it:
 * the secrets that switch online payment on, its REST API with the shop's access token, and the
 * check of a notice's signature.
 *
 * Online payment is on only when both MP_ACCESS_TOKEN and MP_WEBHOOK_SECRET are set: a shop that
 * takes payments must also be able to tell Mercado Pago's notices from forged ones. Without them
 * every function says payments are off and the shop sells through the chat as before.
 * MP_API_URL (default https://api.mercadopago.com) points the functions at another API: the tests'
 * stand-in.
 */
import { env } from './http.ts';

export interface MercadoPago {
  token: string;
  webhookSecret: string;
  /** The API's base URL, without a trailing slash. */
  api: string;
}

/** The shop's Mercado Pago account, or null when online payment is off. */
export function mercadoPago(read: (key: string) => string | undefined = env): MercadoPago | null {
  const token = read('MP_ACCESS_TOKEN')?.trim();
  const webhookSecret = read('MP_WEBHOOK_SECRET')?.trim();
  if (!token || !webhookSecret) return null;
  return { token, webhookSecret, api: (read('MP_API_URL')?.trim() || 'https://api.mercadopago.com').replace(/\/+$/, '') };
}

/** Mercado Pago answered with an error status (or not at all: status 0). */
export class MercadoPagoError extends Error {
  constructor(
    readonly status: number,
    /** Mercado Pago's own message, when it gave one. */
    readonly detail: string,
    what: string,
  ) {
    super(`Mercado Pago ${what}: ${status} ${detail}`);
  }
}

/** How long a call to Mercado Pago may take: a notice must be answered within its 22 seconds. */
const TIMEOUT_MS = 10_000;

/** A call to Mercado Pago's API with the shop's token; its JSON, or a MercadoPagoError. */
export async function mpApi<T>(
  mp: MercadoPago,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${mp.api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${mp.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new MercadoPagoError(0, error instanceof Error ? error.message : String(error), `${method} ${path}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let detail = text.slice(0, 300);
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') detail = parsed.message;
    } catch {
      // not JSON: its first characters say enough
    }
    throw new MercadoPagoError(res.status, detail, `${method} ${path}`);
  }
  return JSON.parse(text) as T;
}

/** A Mercado Pago id as it may appear in an API path (payments are numbers; nothing else gets in). */
export const MP_ID_RE = /^[0-9A-Za-z_-]{1,64}$/;

/** How far a notice's timestamp may be from now, either way. */
export const NOTICE_TOLERANCE_MS = 5 * 60_000;

export type NoticeCheck = 'ok' | 'forged' | 'stale';

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const out = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Whether a notice comes from Mercado Pago, as its Webhooks documentation says to check it: the
 * header `x-signature: ts=<ts>,v1=<hex>` holds the HMAC-SHA256 (hex) of the manifest
 * `id:<data.id of the query string>;request-id:<x-request-id>;ts:<ts>;` keyed with the
 * application's secret, where an alphanumeric data.id is lowercased and a part whose value the
 * notice lacks is left out. The comparison is crypto.subtle.verify's, which takes the same time
 * whatever the bytes. A signature made more than 5 minutes before or after now is refused as
 * stale, so a captured notice cannot be sent again later; ts may be in seconds or milliseconds.
 */
export async function checkNotice(opts: {
  secret: string;
  signature: string | null;
  requestId: string | null;
  dataId: string | null;
  now?: number;
}): Promise<NoticeCheck> {
  const parts = new Map<string, string>();
  for (const part of (opts.signature ?? '').split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const ts = parts.get('ts') ?? '';
  const v1 = hexBytes(parts.get('v1') ?? '');
  if (!/^[0-9]{1,16}$/.test(ts) || !v1) return 'forged';
  const id = opts.dataId && /^[0-9a-z]+$/i.test(opts.dataId) ? opts.dataId.toLowerCase() : opts.dataId;
  const manifest = `${id ? `id:${id};` : ''}${opts.requestId ? `request-id:${opts.requestId};` : ''}ts:${ts};`;
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(opts.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  if (!(await crypto.subtle.verify('HMAC', key, v1, new TextEncoder().encode(manifest)))) return 'forged';
  const stamp = Number(ts);
  // seconds have 10 digits until the year 2286; milliseconds 13
  const signedAt = stamp > 1e11 ? stamp : stamp * 1000;
  return Math.abs((opts.now ?? Date.now()) - signedAt) > NOTICE_TOLERANCE_MS ? 'stale' : 'ok';
}

/**
 * A time as Mercado Pago's examples write it (`2026-11-27T18:00:00.000-06:00`), in Mexico City's
 * offset: UTC-6 all year since Mexico dropped daylight saving time in 2022.
 */
export function mexicoTime(date: Date): string {
  return new Date(date.getTime() - 6 * 3600_000).toISOString().replace('Z', '-06:00');
}

/** Mercado Pago's idempotency key for an operation: a UUID derived from what makes it that operation. */
export async function idempotencyKey(what: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(what)));
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
