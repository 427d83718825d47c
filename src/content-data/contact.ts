/** Contact details (/contacto) beyond the shop config: the email address and opening hours. */

/** PLACEHOLDER address until the shop's real mailbox exists. */
export const CONTACT_EMAIL = 'contacto@outletmodamx.com';

export interface OpeningHours {
  days: string;
  hours: string;
}

export const OPENING_HOURS: readonly OpeningHours[] = [
  { days: 'Lunes a viernes', hours: '9:00 a 19:00 h' },
  { days: 'Sábado', hours: '10:00 a 14:00 h' },
  { days: 'Domingo', hours: 'Cerrado' },
];
