/**
 * The inbox's rules: which messages each tab lists, how a reply opens (an email with the subject
 * quoted, or a WhatsApp chat with the sender's number), and the CSV export's columns.
 */
import { formatReportDate } from '@/lib/dates.ts';
import type { CsvColumn } from '../common/csv-export.ts';

export interface ContactMessage {
  id: number;
  created_at: string;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string | null;
  message: string;
  page: string | null;
  read_at: string | null;
  archived_at: string | null;
}

export type InboxTab = 'inbox' | 'archived';

/** The list filter of each tab: the inbox holds what is not archived. */
export function tabFilter(tab: InboxTab): Record<string, string> {
  return tab === 'inbox' ? { 'archived_at@is': 'null' } : { 'archived_at@not.is': 'null' };
}

/** The menu's count: messages neither read nor archived. */
export const UNREAD_FILTER = { 'read_at@is': 'null', 'archived_at@is': 'null' } as const;

/** A mailto: link answering the message: 'Re: {subject}' (or the shop's default) and the text quoted. */
export function replyMailto(m: Pick<ContactMessage, 'email' | 'subject' | 'message' | 'name'>, shopName: string): string | null {
  if (!m.email) return null;
  const subject = m.subject ? `Re: ${m.subject}` : `Tu mensaje a ${shopName}`;
  const quoted = m.message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Hola ${m.name}:\n\n\n\n${quoted}`;
  return `mailto:${m.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * A WhatsApp chat with the sender: a 10-digit number is Mexican (52 is added); a longer one already
 * has its country code. The greeting names the sender and the subject.
 */
export function replyWhatsApp(m: Pick<ContactMessage, 'phone' | 'subject' | 'name'>, chatHost: string, shopName: string): string | null {
  if (!m.phone) return null;
  const number = m.phone.length === 10 ? `52${m.phone}` : m.phone;
  const about = m.subject ? ` sobre «${m.subject}»` : '';
  const text = `Hola ${m.name}, te escribimos de ${shopName} por tu mensaje${about}.`;
  return `${chatHost}/${number}?text=${encodeURIComponent(text)}`;
}

export const MESSAGE_CSV_COLUMNS: readonly CsvColumn<ContactMessage>[] = [
  { header: 'Fecha', value: (m) => formatReportDate(m.created_at, 'minutes') },
  { header: 'Nombre', value: (m) => m.name },
  { header: 'Correo', value: (m) => m.email },
  { header: 'Teléfono', value: (m) => m.phone },
  { header: 'Asunto', value: (m) => m.subject },
  { header: 'Mensaje', value: (m) => m.message },
  { header: 'Página', value: (m) => m.page },
  { header: 'Leído', value: (m) => (m.read_at ? 'Sí' : 'No') },
  { header: 'Archivado', value: (m) => (m.archived_at ? 'Sí' : 'No') },
];
