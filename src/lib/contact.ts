/** The contact form's rules: required fields, the spec's messages, the simulated send, the phone as shown. */

/** Contact form state: subject is the only optional field. */
export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactForm;

export const EMPTY_CONTACT_FORM: ContactForm = { name: '', email: '', subject: '', message: '' };
export const REQUIRED_CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

export const CONTACT_REQUIRED_ERROR = 'Por favor completa todos los campos requeridos.';
export const CONTACT_INVALID_EMAIL_ERROR = 'Por favor escribe un correo electrónico válido.';
export const CONTACT_SENT_TITLE = 'Mensaje enviado!';
export const CONTACT_SENT_DESCRIPTION = 'Gracias por contactarnos. Te responderemos a la brevedad.';
/** The send is simulated (no call is made): the form shows its submitting state this long. */
export const CONTACT_SUBMIT_DELAY_MS = 1500;

export type ContactCheck = { ok: true; value: ContactForm } | { ok: false; error: string; fields: ContactField[] };

// What <input type="email"> accepts, in short: something@domain with no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Trims every field; missing required fields give the spec's error, a malformed email its own. */
export function validateContact(form: ContactForm): ContactCheck {
  const value: ContactForm = {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject.trim(),
    message: form.message.trim(),
  };
  const missing = REQUIRED_CONTACT_FIELDS.filter((f) => value[f] === '');
  if (missing.length > 0) return { ok: false, error: CONTACT_REQUIRED_ERROR, fields: missing };
  if (!EMAIL_SHAPE.test(value.email)) return { ok: false, error: CONTACT_INVALID_EMAIL_ERROR, fields: ['email'] };
  return { ok: true, value };
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
