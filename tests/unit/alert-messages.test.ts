/** What an alert says (supabase/functions/_shared/alert-messages.ts), in the spec's Spanish. */
import { describe, expect, it } from 'vitest';
import {
  alertEmail,
  alertWords,
  askedLines,
  type ClaimedAlert,
  confirmationEmail,
  longDate,
  namesList,
  pushPayload,
} from '../../supabase/functions/_shared/alert-messages.ts';

const base: ClaimedAlert = {
  id: '11111111-1111-4111-8111-111111111111',
  tipo: 'campana',
  canal: 'push',
  email: null,
  endpoint: 'https://fcm.googleapis.com/fcm/send/x',
  p256dh: null,
  auth: null,
  token: '22222222-2222-4222-8222-222222222222',
  destino: '/tienda?campaign=c',
  codigo: null,
  campana: { nombre: 'Noche de tenis', fecha_fin: '2026-12-14', inicia_en: '2026-12-06T02:00:00Z' },
  productos: [],
};
const links = { site: 'https://outlet.mx/', functions: 'https://ref.supabase.co/functions/v1' };
const product = (nombre: string, talla: string | null = null) => ({ nombre, marca: 'Nike', permalink: 'p', talla });

describe('alert messages', () => {
  it('a campaign that opened, with its end date and the code it carries', () => {
    expect(alertWords({ ...base, codigo: 'NOCHE10' })).toEqual({
      title: '¡Ya empezó «Noche de tenis»!',
      body: 'Termina el 14 de diciembre. Entra antes de que se agoten tus tallas. Usa el código NOCHE10.',
    });
  });
  it('a size back names the product and the size', () => {
    expect(alertWords({ ...base, tipo: 'talla', productos: [product('Playera básica', 'M')] }).title).toBe(
      '«Playera básica» talla M volvió',
    );
    expect(alertWords({ ...base, tipo: 'talla', productos: [product('Chamarra piel')] }).title).toBe('«Chamarra piel» volvió');
  });
  it('favourites ending tomorrow name at most two of them', () => {
    const words = alertWords({ ...base, tipo: 'termina', productos: ['A', 'B', 'C', 'D'].map((n) => product(n)) });
    expect(words.title).toBe('«Noche de tenis» termina mañana');
    expect(words.body).toBe('Tus favoritos «A», «B» y 2 más siguen disponibles hasta el 14 de diciembre.');
    expect(namesList(['A'])).toBe('«A»');
    expect(namesList(['A', 'B'])).toBe('«A» y «B»');
  });
  it('the date is the calendar day as written', () => {
    expect(longDate('2026-01-01')).toBe('1 de enero');
  });
  it('every message leads through its open link and carries the unsubscribe links', () => {
    expect(JSON.parse(pushPayload(base, links))).toEqual({
      title: '¡Ya empezó «Noche de tenis»!',
      body: 'Termina el 14 de diciembre. Entra antes de que se agoten tus tallas.',
      url: `https://ref.supabase.co/functions/v1/alerts/open/${base.id}`,
      unsubscribe: `https://outlet.mx/avisos/baja?t=${base.token}`,
      tag: `aviso-${base.id}`,
    });
    const mail = alertEmail({ ...base, canal: 'email', campana: { ...base.campana, nombre: '<b>Hot</b>' } }, links);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://ref.supabase.co/functions/v1/alerts/unsubscribe?t=${base.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain('&#60;b&#62;Hot&#60;/b&#62;');
    expect(mail.text).toContain(`Para no recibir más avisos: https://outlet.mx/avisos/baja?t=${base.token}`);
  });
});

describe('the message that asks to confirm an email', () => {
  const TOKEN = '33333333-3333-4333-8333-333333333333';

  it('names what was asked, leads to the confirmation page with its token and says how to ignore it', () => {
    const mail = confirmationEmail(
      {
        email: 'ana@correo.mx',
        token: TOKEN,
        pedidos: [
          { tipo: 'campana', campana: 'Noche de tenis', producto: null, talla: null },
          { tipo: 'talla', campana: null, producto: 'Playera básica', talla: 'M' },
          { tipo: 'termina', campana: null, producto: 'Tenis', talla: null },
          { tipo: 'termina', campana: null, producto: 'Bolsa', talla: null },
        ],
      },
      links,
    );
    expect(mail.to).toBe('ana@correo.mx');
    expect(mail.subject).toBe('Confirma tu correo para recibir avisos');
    expect(mail.text).toBe(
      'Pediste en Outlet de moda MX que te avisemos por correo:\n' +
        '- cuando empiece «Noche de tenis»\n' +
        '- cuando vuelva «Playera básica» talla M\n' +
        '- un día antes de que terminen tus favoritos\n\n' +
        'Antes de escribirte, confirma que este correo es tuyo.\n\n' +
        `Confirmar mi correo: https://outlet.mx/avisos/confirmar?t=${TOKEN}\n\n` +
        'Si no fuiste tú, ignora este mensaje: no te escribiremos nada más.\n',
    );
    expect(mail.html).toContain(`href="https://outlet.mx/avisos/confirmar?t=${TOKEN}"`);
    expect(mail.html).toContain('<li>cuando empiece «Noche de tenis»</li>');
    expect(mail.headers).toEqual({});
  });

  it('lists at most five things, escapes names in the HTML, and reads well with nothing to name', () => {
    const many = Array.from({ length: 7 }, (_, i) => ({
      tipo: 'campana' as const,
      campana: `<b>Campaña ${i}</b>`,
      producto: null,
      talla: null,
    }));
    expect(askedLines(many)).toEqual([...many.slice(0, 5).map((p) => `cuando empiece «${p.campana}»`), 'y más']);
    expect(confirmationEmail({ email: 'a@b.mx', token: TOKEN, pedidos: many }, links).html).not.toContain('<b>Campaña');
    expect(confirmationEmail({ email: 'a@b.mx', token: TOKEN, pedidos: [] }, links).text).toMatch(
      /^Pediste en Outlet de moda MX que te avisemos por correo\.\n\nAntes de escribirte/,
    );
  });
});
