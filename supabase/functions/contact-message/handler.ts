/**
 * contact-message: the contact form's one way in. Anyone with the shop's public key may call it.
 *
 * Body (JSON, at most 16 KB): { name, email?, phone?, subject?, message, page?, website? }.
 * `website` is the form's honeypot, a field people never see.
 *
 * The database checks every field and the abuse limits and stores the message
 * (public.receive_contact_message, given the caller's network address: cf-connecting-ip, else the
 * first X-Forwarded-For entry). Its Spanish refusal reaches the shopper as it is: 400 for a field
 * to fix, 429 for a limit. A stored message answers 201; a honeypot caught answers the same and
 * stores nothing.
 *
 * When the secret CONTACT_WEBHOOK_URL is set, each stored message is POSTed there as JSON (with a
 * one-line `text` that chat and push services show), so the owner hears of it on their phone. A
 * webhook that fails is logged and never loses the message: it is in the back office's inbox.
 */

import { CORS, env, json, RpcError, serviceRpc } from '../_shared/http.ts';

export const MAX_BODY_BYTES = 16_384;
const FIELDS = ['name', 'email', 'phone', 'subject', 'message', 'page', 'website'] as const;
type Message = Partial<Record<(typeof FIELDS)[number], string>>;

const UNAVAILABLE = 'No pudimos enviar tu mensaje. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.';

/** The message's text fields; null unless the body is a JSON object whose given fields are all text. */
export function parseMessage(text: string): Message | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const out: Message = {};
  for (const field of FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return null;
    out[field] = value;
  }
  return out;
}

/** The caller's address as the platform's proxy reports it, or null. */
export function clientAddress(headers: Headers): string | null {
  const direct = headers.get('cf-connecting-ip')?.trim();
  if (direct) return direct;
  return headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

/** The message as the database stored it (texts trimmed, phone as digits). */
interface Stored {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string | null;
  message: string;
  page: string | null;
}

/** The webhook's JSON: the message and a one-line summary. */
export function webhookPayload(m: Stored, receivedAt: string) {
  const from = [m.name, m.email, m.phone].filter(Boolean).join(' · ');
  const about = m.subject ? `${m.subject}: ` : '';
  return {
    text: `Nuevo mensaje de ${from}. ${about}${m.message}`.slice(0, 1000),
    id: m.id,
    received_at: receivedAt,
    name: m.name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    page: m.page,
  };
}

async function notify(url: string, message: Stored): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookPayload(message, new Date().toISOString())),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) console.error(`contact-message: el webhook respondió ${res.status}`);
  } catch (error) {
    console.error(`contact-message: el webhook falló: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });

  const text = await req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    return json(413, { error: 'Tu mensaje es demasiado largo: escribe hasta 5,000 caracteres.' });
  }
  const m = parseMessage(text);
  if (!m) return json(400, { error: 'No se pudo leer el mensaje. Recarga la página e inténtalo de nuevo.' });

  let stored: Stored | null;
  try {
    stored = await serviceRpc<Stored | null>('receive_contact_message', {
      p_name: m.name ?? null,
      p_email: m.email ?? null,
      p_phone: m.phone ?? null,
      p_subject: m.subject ?? null,
      p_message: m.message ?? null,
      p_page: m.page ?? null,
      p_client: clientAddress(req.headers),
      p_website: m.website ?? null,
    });
  } catch (error) {
    if (error instanceof RpcError && (error.status === 400 || error.status === 429) && error.reason) {
      return json(error.status, { error: error.reason });
    }
    console.error(`contact-message: ${error instanceof Error ? error.message : String(error)}`);
    return json(503, { error: UNAVAILABLE });
  }

  const webhook = env('CONTACT_WEBHOOK_URL');
  if (stored && webhook) await notify(webhook, stored);
  return json(201, { ok: true });
}
