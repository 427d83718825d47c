/**
 * 'Avísame' rules the browser needs (pure): the VAPID key in the form PushManager takes, the alert
 * that brought the shopper here (?aviso=<delivery id> of an open link), and what the buttons say.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_RE.test(value);

/** A base64url VAPID public key as the bytes PushManager.subscribe takes (applicationServerKey). */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(key.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The alert delivery an address came from (?aviso=<id>), or null. */
export function avisoOf(search: string): string | null {
  const value = new URLSearchParams(search).get('aviso');
  return isUuid(value) ? value : null;
}

/** Where the layout keeps the alert an open link brought the shopper from (src/features/alerts/ShopWorker.astro). */
export const AVISO_KEY = 'outlet_aviso';

/** How long after opening an alert an order still counts for it (the database checks the same 7 days). */
export const AVISO_DAYS = 7;

/** The alert remembered from an open link, while it still counts for an order. */
export function rememberedAviso(raw: string | null, now: number): string | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { id?: unknown; at?: unknown };
    if (!isUuid(value.id) || typeof value.at !== 'number') return null;
    return now - value.at < AVISO_DAYS * 86_400_000 ? value.id : null;
  } catch {
    return null;
  }
}

export type AlertTarget =
  | { kind: 'campaign'; campaignId: string; campaignName?: string }
  | { kind: 'size'; productId: string; talla: string | null; productName?: string };

/** What the email dialog asks, by what the shopper waits for. */
export function emailQuestion(target: AlertTarget): string {
  if (target.kind === 'campaign') {
    return `Escribe tu correo y te avisamos en cuanto empiece${target.campaignName ? ` «${target.campaignName}»` : ' la campaña'}.`;
  }
  return target.talla
    ? `Escribe tu correo y te avisamos si vuelve la talla ${target.talla}.`
    : 'Escribe tu correo y te avisamos si vuelve a estar a la venta.';
}

/**
 * What the button says once the alert is asked for. Nothing is sent to an email before its owner
 * confirms it, so the first time the shopper must open the message the shop sent; the answer never
 * says whether the address was confirmed already (nobody learns whether an address asked before).
 */
export function doneText(channel: 'push' | 'email', email?: string): string {
  return channel === 'push'
    ? 'Listo: te avisaremos en este dispositivo.'
    : `Listo: te escribiremos a ${email ?? 'tu correo'}. Si es tu primer aviso por correo, confírmalo con el enlace que te enviamos.`;
}
