import { describe, expect, it } from 'vitest';
import { appMessages } from '../i18n/es.ts';
import { contactEmailError, httpsUrlError, openingHoursError, pickGeneral, sellerPhoneError } from './generalRules.ts';

const general = appMessages.app.settings.general;
const text = (key: string | undefined) => (key ? general[key.replace('app.settings.general.', '') as keyof typeof general] : undefined);

describe('General tab validators', () => {
  it('a number with + or spaces gets the Spanish message; digits with country code pass', () => {
    expect(text(sellerPhoneError('+52 1 55 1234 5678'))).toBe('Escribe el número con código de país, solo dígitos (p. ej. 5215512345678).');
    expect(sellerPhoneError('5215512345678')).toBeUndefined();
  });

  it('an http link gets the Spanish message; https or empty pass', () => {
    expect(text(httpsUrlError('http://www.instagram.com/outlet'))).toBe('La URL debe empezar con https://');
    expect(httpsUrlError('https://www.instagram.com/outlet')).toBeUndefined();
    expect(httpsUrlError(null)).toBeUndefined();
    expect(httpsUrlError('')).toBeUndefined();
  });

  it('an email without domain is refused', () => {
    expect(text(contactEmailError('contacto'))).toMatch(/correo electrónico válido/);
    expect(contactEmailError('contacto@outletmodamx.com')).toBeUndefined();
  });

  it('opening hours: at most seven complete lines', () => {
    const line = { days: 'Lunes', hours: '9 a 18 h' };
    expect(openingHoursError([line])).toBeUndefined();
    expect(text(openingHoursError(Array.from({ length: 8 }, () => line)))).toBe('Máximo 7 renglones de horario.');
    expect(text(openingHoursError([{ days: 'Lunes', hours: '' }]))).toMatch(/Completa/);
  });

  it('a save sends only the editable columns, empty links as null', () => {
    expect(pickGeneral({ id: 1, updated_at: 'x', seller_phone: '5215512345678', instagram_url: undefined, tiktok_url: null })).toEqual({
      seller_phone: '5215512345678',
      instagram_url: null,
      tiktok_url: null,
    });
  });
});
