import { describe, expect, it } from 'vitest';
import { isContactEmail, isHttpsUrl, isOpeningHoursLine, isSellerPhone, socialLinks, toOpeningHours } from './shop-settings.ts';

describe('isSellerPhone', () => {
  it('accepts digits with the country code (11 to 15 digits)', () => {
    expect(isSellerPhone('5215512345678')).toBe(true);
    expect(isSellerPhone('12025550123')).toBe(true);
    expect(isSellerPhone('123456789012345')).toBe(true);
  });

  it('refuses a plus sign, spaces, dashes, a local number or too many digits', () => {
    for (const bad of [
      '+5215512345678',
      '52 1 55 1234 5678',
      '521-55-1234-5678',
      '5512345678',
      '1234567890123456',
      '',
      null,
      5215512345678,
    ]) {
      expect(isSellerPhone(bad), String(bad)).toBe(false);
    }
  });
});

describe('isHttpsUrl', () => {
  it('accepts a secure link', () => {
    expect(isHttpsUrl('https://www.instagram.com/outletmodamx')).toBe(true);
    expect(isHttpsUrl('https://chat.whatsapp.com/AbCdEf123')).toBe(true);
  });

  it('refuses http, no scheme, spaces or an empty link', () => {
    for (const bad of ['http://www.instagram.com/', 'www.instagram.com', 'https://', 'https://a b.com', 'HTTPS://x.com', '', null]) {
      expect(isHttpsUrl(bad), String(bad)).toBe(false);
    }
  });
});

describe('isContactEmail', () => {
  it('accepts an address and refuses one without domain or with spaces', () => {
    expect(isContactEmail('contacto@outletmodamx.com')).toBe(true);
    expect(isContactEmail('contacto@outletmodamx')).toBe(false);
    expect(isContactEmail('con tacto@outletmodamx.com')).toBe(false);
    expect(isContactEmail('')).toBe(false);
  });
});

describe('opening hours', () => {
  it('needs both texts filled in', () => {
    expect(isOpeningHoursLine({ days: 'Sábado', hours: '10:00 a 14:00 h' })).toBe(true);
    expect(isOpeningHoursLine({ days: 'Sábado', hours: '  ' })).toBe(false);
    expect(isOpeningHoursLine({ days: 'Sábado' })).toBe(false);
    expect(isOpeningHoursLine({ days: 'x'.repeat(61), hours: 'Cerrado' })).toBe(false);
  });

  it('reads the stored list, dropping malformed lines and keeping at most seven', () => {
    const line = { days: 'Lunes', hours: '9:00 a 19:00 h' };
    expect(toOpeningHours([line, { days: 'Martes' }, 'x', { ...line, extra: 1 }])).toEqual([line, line]);
    expect(toOpeningHours(Array.from({ length: 9 }, () => line))).toHaveLength(7);
    expect(toOpeningHours({ days: 'Lunes', hours: '9' })).toEqual([]);
    expect(toOpeningHours(null)).toEqual([]);
  });
});

describe('socialLinks', () => {
  it('lists the profiles that are set, in order Instagram, Facebook, TikTok', () => {
    expect(socialLinks({ instagram: 'https://instagram.com/a', facebook: null, tiktok: 'https://tiktok.com/@a' })).toEqual([
      { href: 'https://instagram.com/a', label: 'Instagram' },
      { href: 'https://tiktok.com/@a', label: 'TikTok' },
    ]);
    expect(socialLinks({ instagram: null, facebook: null, tiktok: null })).toEqual([]);
  });
});
