import { describe, expect, it } from 'vitest';
import { appMessages } from '../i18n/es.ts';
import {
  contactEmailError,
  holdMinutesError,
  holdTimeText,
  httpsUrlError,
  joinMinutes,
  maxHeldError,
  openingHoursError,
  pickGeneral,
  sellerPhoneError,
  splitMinutes,
} from './generalRules.ts';

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

  it('the hold time is edited as hours and minutes, from 15 minutes to 72 hours', () => {
    expect(splitMinutes(240)).toEqual({ hours: 4, minutes: 0 });
    expect(splitMinutes(150)).toEqual({ hours: 2, minutes: 30 });
    expect(joinMinutes('2', '30')).toBe(150);
    expect(joinMinutes('', '45')).toBe(45);
    expect(joinMinutes('72', '')).toBe(4320);
    expect(joinMinutes('1', '60')).toBeNull();
    expect(joinMinutes('1.5', '0')).toBeNull();
    expect(joinMinutes('-1', '0')).toBeNull();
    expect(holdTimeText(240)).toBe('4 h');
    expect(holdTimeText(150)).toBe('2 h 30 min');
    expect(holdTimeText(45)).toBe('45 min');
    expect(holdMinutesError(15)).toBeUndefined();
    expect(holdMinutesError(4320)).toBeUndefined();
    for (const bad of [10, 4321, null, 30.5])
      expect(text(holdMinutesError(bad))).toBe('El tiempo de apartado va de 15 minutos a 72 horas.');
  });

  it('one network holds 1 to 500 pieces at once', () => {
    expect(maxHeldError(30)).toBeUndefined();
    for (const bad of [0, 501, null, 2.5]) expect(text(maxHeldError(bad))).toBe('Escribe un número entero de piezas entre 1 y 500.');
  });

  it('the hold settings are saved with the contact ones', () => {
    expect(pickGeneral({ id: 1, hold_minutes: 150, max_held_per_network: 10 })).toEqual({ hold_minutes: 150, max_held_per_network: 10 });
  });
});
