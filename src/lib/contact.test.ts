import { describe, expect, it } from 'vitest';
import {
  CONTACT_INVALID_EMAIL_ERROR,
  CONTACT_INVALID_PHONE_ERROR,
  CONTACT_REPLY_ERROR,
  CONTACT_REQUIRED_ERROR,
  contactPage,
  isShopPath,
  shopPageLink,
  EMPTY_CONTACT_FORM,
  formatMexicanPhone,
  phoneHref,
  validateContact,
} from './contact.ts';

const filled = { name: 'Ana López', email: 'ana@example.com', phone: '', subject: '', message: 'Hola, ¿tienen talla 26?' };

describe('validateContact', () => {
  it('accepts name, email and message without a subject, trimming every field', () => {
    const check = validateContact({ ...filled, name: '  Ana López ', subject: '  ' });
    expect(check).toEqual({ ok: true, value: { ...filled, subject: '' } });
  });

  it('gives the spec error and the missing fields when required ones are empty', () => {
    expect(validateContact(EMPTY_CONTACT_FORM)).toEqual({
      ok: false,
      error: CONTACT_REQUIRED_ERROR,
      fields: ['name', 'message'],
    });
    expect(CONTACT_REQUIRED_ERROR).toBe('Por favor completa todos los campos requeridos.');
  });

  it.each(['name', 'message'] as const)('treats a blank %s as missing', (field) => {
    const check = validateContact({ ...filled, [field]: '   ' });
    expect(check).toEqual({ ok: false, error: CONTACT_REQUIRED_ERROR, fields: [field] });
  });

  it('rejects an email without @ or domain with its own message', () => {
    for (const email of ['ana', 'ana@', 'ana@example', 'ana @example.com']) {
      expect(validateContact({ ...filled, email })).toEqual({ ok: false, error: CONTACT_INVALID_EMAIL_ERROR, fields: ['email'] });
    }
  });
});

describe('how the shop can answer', () => {
  it('needs an email or a phone, either will do', () => {
    expect(validateContact({ ...filled, email: ' ' })).toEqual({ ok: false, error: CONTACT_REPLY_ERROR, fields: ['email', 'phone'] });
    expect(validateContact({ ...filled, email: '', phone: '55 1234 5678' })).toMatchObject({ ok: true });
    expect(validateContact({ ...filled, phone: '+52 (55) 1234-5678' })).toMatchObject({ ok: true });
  });
  it('refuses a phone of too few or too many digits, or with letters', () => {
    for (const phone of ['55 1234', '1234567890123456', '55-CALL-ME-NOW']) {
      expect(validateContact({ ...filled, email: '', phone })).toEqual({
        ok: false,
        error: CONTACT_INVALID_PHONE_ERROR,
        fields: ['phone'],
      });
    }
  });
  it('caps each field as the shop does', () => {
    expect(validateContact({ ...filled, message: 'a'.repeat(5001) })).toEqual({
      ok: false,
      error: 'Este campo puede tener hasta 5,000 caracteres.',
      fields: ['message'],
    });
    expect(validateContact({ ...filled, message: 'a'.repeat(5000) })).toMatchObject({ ok: true });
  });
});

describe('contactPage', () => {
  it('is the shop page the shopper came from, else the form’s own', () => {
    const origin = 'https://outlet.mx';
    expect(contactPage('https://outlet.mx/producto/nike-air?talla=26', origin, '/contacto')).toBe('/producto/nike-air?talla=26');
    expect(contactPage('https://google.com/search?q=outlet', origin, '/contacto')).toBe('/contacto');
    expect(contactPage('', origin, '/contacto')).toBe('/contacto');
    expect(contactPage('https://outlet.mx/contacto', origin, '/contacto')).toBe('/contacto');
  });
});

describe('formatMexicanPhone', () => {
  it('shows a WhatsApp number as +52 area and local digits, dropping the mobile 1', () => {
    expect(formatMexicanPhone('5215512345678')).toBe('+52 55 1234 5678');
    expect(formatMexicanPhone('525512345678')).toBe('+52 55 1234 5678');
    expect(formatMexicanPhone('+52 1 55 1234 5678')).toBe('+52 55 1234 5678');
  });

  it('keeps other numbers whole and empty input empty', () => {
    expect(formatMexicanPhone('14155550100')).toBe('+14155550100');
    expect(formatMexicanPhone('')).toBe('');
  });
});

describe('phoneHref', () => {
  it('dials the number without the WhatsApp mobile 1', () => {
    expect(phoneHref('5215512345678')).toBe('tel:+525512345678');
    expect(phoneHref('14155550100')).toBe('tel:+14155550100');
  });
});

describe('the page a message names', () => {
  const origin = 'https://outlet.mx';
  it('is only a path of this shop', () => {
    for (const page of ['/', '/producto/nike-air?talla=26', '/contacto#form']) expect(isShopPath(page), page).toBe(true);
    for (const page of [
      '//evil.example/phish',
      '/\\evil.example',
      '/producto//x',
      'https://evil.example/',
      'javascript:alert(1)',
      'producto/x',
      '/pro ducto',
      '/a\nb',
      `/${'a'.repeat(300)}`,
    ])
      expect(isShopPath(page), page).toBe(false);
  });

  it('links under the shop’s own address, or not at all', () => {
    expect(shopPageLink('/producto/nike-air?talla=26', origin)).toBe('https://outlet.mx/producto/nike-air?talla=26');
    expect(shopPageLink('//evil.example/phish', origin)).toBeNull();
    expect(shopPageLink('/\\evil.example', origin)).toBeNull();
    expect(shopPageLink(null, origin)).toBeNull();
  });
});
