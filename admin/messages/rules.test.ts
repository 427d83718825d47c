import { describe, expect, it } from 'vitest';
import { toCsv } from '../common/csv-export.ts';
import { markData } from './useMessageMarks.ts';
import { type ContactMessage, MESSAGE_CSV_COLUMNS, replyMailto, replyWhatsApp, tabFilter } from './rules.ts';

const message: ContactMessage = {
  id: 1,
  created_at: '2026-11-25T20:05:00Z',
  name: 'Ana López',
  email: 'ana@example.com',
  phone: '5512345678',
  subject: 'Tallas',
  message: '¿Tienen talla 28?\nGracias.',
  page: '/contacto',
  read_at: null,
  archived_at: '2026-11-25T21:00:00Z',
};

describe('the inbox tabs', () => {
  it('the inbox holds what is not archived; the archive the rest', () => {
    expect(tabFilter('inbox')).toEqual({ 'archived_at@is': 'null' });
    expect(tabFilter('archived')).toEqual({ 'archived_at@not.is': 'null' });
  });
  it('a mark writes only its own column', () => {
    expect(markData('read', 'T')).toEqual({ read_at: 'T' });
    expect(markData('unread')).toEqual({ read_at: null });
    expect(markData('archive', 'T')).toEqual({ archived_at: 'T' });
    expect(markData('unarchive')).toEqual({ archived_at: null });
  });
});

describe('replies', () => {
  it('an email answers the subject and quotes the text', () => {
    const href = replyMailto(message, 'Outlet Moda MX')!;
    expect(href.startsWith('mailto:ana@example.com?')).toBe(true);
    const params = new URLSearchParams(href.split('?')[1]);
    expect(params.get('subject')).toBe('Re: Tallas');
    expect(params.get('body')).toBe('Hola Ana López:\n\n\n\n> ¿Tienen talla 28?\n> Gracias.');
    expect(new URLSearchParams(replyMailto({ ...message, subject: null }, 'Outlet Moda MX')!.split('?')[1]).get('subject')).toBe(
      'Tu mensaje a Outlet Moda MX',
    );
    expect(replyMailto({ ...message, email: null }, 'Outlet')).toBeNull();
  });
  it('WhatsApp opens the sender’s chat: a 10-digit number is Mexican', () => {
    const href = replyWhatsApp(message, 'https://wa.me', 'Outlet Moda MX')!;
    expect(href.startsWith('https://wa.me/525512345678?text=')).toBe(true);
    expect(new URL(href).searchParams.get('text')).toBe('Hola Ana López, te escribimos de Outlet Moda MX por tu mensaje sobre «Tallas».');
    expect(replyWhatsApp({ ...message, phone: '14155550100' }, 'https://wa.me', 'X')).toMatch(/^https:\/\/wa\.me\/14155550100\?/);
    expect(replyWhatsApp({ ...message, phone: null }, 'https://wa.me', 'X')).toBeNull();
  });
});

describe('CSV export', () => {
  it('has Spanish headers and one line per message, line breaks quoted', () => {
    const csv = toCsv(MESSAGE_CSV_COLUMNS, [message]);
    const [header, ...rest] = csv.split('\r\n');
    expect(header).toBe('Fecha,Nombre,Correo,Teléfono,Asunto,Mensaje,Página,Leído,Archivado');
    expect(rest.join('\r\n')).toMatch(
      /^\d{2}\/\d{2}\/2026 \d{2}:\d{2},Ana López,ana@example.com,5512345678,Tallas,"¿Tienen talla 28\?\nGracias.",\/contacto,No,Sí$/,
    );
  });
});
