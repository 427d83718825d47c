/**
 * Sends a contact message to the shop: the contact-message Edge Function with the public key. It
 * answers 201 when the message is stored, or a Spanish reason to show the shopper (a field to fix,
 * a limit reached).
 */
import type { ContactForm } from '../lib/contact.ts';

export type ContactSend = { ok: true } | { ok: false; error: string };

const OFFLINE = 'No pudimos enviar tu mensaje. Revisa tu conexión e inténtalo de nuevo, o escríbenos por WhatsApp.';

export async function sendContactMessage(
  supabaseUrl: string,
  anonKey: string,
  message: ContactForm & { page: string; website: string },
): Promise<ContactSend> {
  let res: Response;
  try {
    res = await fetch(`${supabaseUrl}/functions/v1/contact-message`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
  } catch {
    return { ok: false, error: OFFLINE };
  }
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
  return { ok: false, error: typeof body?.error === 'string' ? body.error : OFFLINE };
}
