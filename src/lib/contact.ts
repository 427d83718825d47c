/**
 * The contact form's rules, the same the database applies to a message (supabase/schemas/18_contact.sql):
 * a name, a text, and an email or a phone to answer to; the subject is optional; each field has a
 * length cap. Also the page a shopper wrote from, and the phone as the pages show it.
 */

export interface ContactForm {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactForm;

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', phone: '', subject: '', message: '' };
export const REQUIRED_CONTACT_FIELDS: readonly ContactField[] = ['name', 'message'];
/** Longest text of each field, in characters. */
export const CONTACT_MAX_LENGTH: Readonly<Record<ContactField, number>> = { name: 100, email: 254, phone: 20, subject: 150, message: 5000 };

export const CONTACT_REQUIRED_ERROR = 'Por favor completa todos los campos requeridos.';
export const CONTACT_REPLY_ERROR = 'Escribe un correo electrónico o un teléfono para poder responderte.';
export const CONTACT_INVALID_EMAIL_ERROR = 'Por favor escribe un correo electrónico válido.';
export const CONTACT_INVALID_PHONE_ERROR = 'Escribe un teléfono de 10 dígitos, o con código de país.';
export const CONTACT_SENT_TITLE = 'Mensaje enviado!';
export const CONTACT_SENT_DESCRIPTION = 'Gracias por contactarnos. Te responderemos a la brevedad.';

export type ContactCheck = { ok: true; value: ContactForm } | { ok: false; error: string; fields: ContactField[] };

// What <input type="email"> accepts, in short: something@domain with no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with the usual separators; 10 digits in Mexico, up to 15 with a country code.
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;

const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/** Trims every field; then the first problem a shopper should fix, with the fields to mark. */
export function validateContact(form: ContactForm): ContactCheck {
  const value: ContactForm = {
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    subject: form.subject.trim(),
    message: form.message.trim(),
  };
  const missing = REQUIRED_CONTACT_FIELDS.filter((f) => value[f] === '');
  if (missing.length > 0) return { ok: false, error: CONTACT_REQUIRED_ERROR, fields: missing };
  if (value.email === '' && value.phone === '') return { ok: false, error: CONTACT_REPLY_ERROR, fields: ['email', 'phone'] };
  if (value.email !== '' && !EMAIL_SHAPE.test(value.email)) return { ok: false, error: CONTACT_INVALID_EMAIL_ERROR, fields: ['email'] };
  const digits = phoneDigits(value.phone).length;
  if (value.phone !== '' && (!PHONE_SHAPE.test(value.phone) || digits < 10 || digits > 15)) {
    return { ok: false, error: CONTACT_INVALID_PHONE_ERROR, fields: ['phone'] };
  }
  const long = (Object.keys(CONTACT_MAX_LENGTH) as ContactField[]).filter((f) => value[f].length > CONTACT_MAX_LENGTH[f]);
  if (long.length > 0) {
    const f = long[0]!;
    return { ok: false, error: `Este campo puede tener hasta ${CONTACT_MAX_LENGTH[f].toLocaleString('es-MX')} caracteres.`, fields: [f] };
  }
  return { ok: true, value };
}

/** The shop page a shopper came to the form from: the referrer's path on this site, else the form's own. */
export function contactPage(referrer: string, origin: string, here: string): string {
  try {
    const from = new URL(referrer);
    if (from.origin === origin && from.pathname !== here) return `${from.pathname}${from.search}`.slice(0, 300);
  } catch {
    // no referrer, or not a URL
  }
  return here;
}

/**
 * A path of this shop as a contact message may name it, the rule the database applies
 * (private.is_shop_path): one leading '/', never followed by another '/' or a '\' (browsers read
 * '//evil.example' and '/\evil.example' as another site), no '//' or '\' anywhere, no spaces or
 * control characters, at most 300 characters.
 */
export function isShopPath(page: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  return page.length <= 300 && /^\/([^/\\\s\x00-\x1f\x7f][^\\\s\x00-\x1f\x7f]*)?$/.test(page) && !page.includes('//');
}

/** Where the inbox links a message's page: that path under the shop's own address, or null when it is not a path of the shop. */
export function shopPageLink(page: string | null, origin: string): string | null {
  if (!page || !isShopPath(page)) return null;
  const url = new URL(page, origin);
  return url.origin === origin ? url.href : null;
}

/**
 * A WhatsApp number in international digits as people read it in Mexico: '5215512345678' →
 * '+52 55 1234 5678' (the mobile '1' after 52 is only for the chat link). Other shapes get '+' and stay whole.
 */
export function formatMexicanPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const m = /^52(?:1)?(\d{2})(\d{4})(\d{4})$/.exec(d);
  if (m) return `+52 ${m[1]} ${m[2]} ${m[3]}`;
  return d ? `+${d}` : '';
}

/** 'tel:' link for a WhatsApp-style number, without the mobile '1' ('tel:+525512345678'). */
export function phoneHref(digits: string): string {
  const d = digits.replace(/\D/g, '');
  const m = /^521(\d{10})$/.exec(d);
  return `tel:+${m ? `52${m[1]}` : d}`;
}
