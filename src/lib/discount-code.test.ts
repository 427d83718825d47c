import { describe, expect, it } from 'vitest';
import { discountLabel, minusPrice, normalizeCode, readCodePreview, totalsWithCode } from './discount-code.ts';

describe('discount codes in the storefront', () => {
  it('reads a code as the shop stores it: trimmed and upper case', () => {
    expect(normalizeCode('  bienvenida ')).toBe('BIENVENIDA');
    expect(normalizeCode('Influencer10')).toBe('INFLUENCER10');
  });

  it('reads the preview’s answer, numbers as Postgres sends them included', () => {
    expect(
      readCodePreview({
        ok: true,
        codigo: 'BIENVENIDA',
        resumen: '10% de descuento',
        descuento: '200.00',
        subtotal: 2000,
        shipping: 0,
        total: 1800,
      }),
    ).toEqual({ ok: true, codigo: 'BIENVENIDA', resumen: '10% de descuento', descuento: 200, subtotal: 2000, shipping: 0, total: 1800 });
    expect(readCodePreview({ ok: false, motivo: 'agotado', mensaje: 'Este código ya se agotó' })).toEqual({
      ok: false,
      motivo: 'agotado',
      mensaje: 'Este código ya se agotó',
    });
    // anything else is a refusal the shopper can act on, never a discount
    for (const body of [
      null,
      'x',
      { ok: true, codigo: 'X' },
      { ok: false },
      { ok: true, codigo: 'X', descuento: 'abc', subtotal: 1, shipping: 0, total: 1 },
    ]) {
      expect(readCodePreview(body)).toEqual({ ok: false, motivo: '', mensaje: 'No pudimos revisar tu código. Intenta de nuevo.' });
    }
  });

  it('names the discount the same way everywhere', () => {
    expect(discountLabel('BIENVENIDA')).toBe('Descuento (BIENVENIDA)');
    expect(minusPrice(1234.5)).toBe('-$1,234.50');
  });

  it('takes the bag’s totals from the database’s answer, and counts the way to free shipping after the discount', () => {
    const base = { count: 2, subtotal: 2000, shipping: 0, total: 2000, toFreeShipping: null };
    const applied = {
      ok: true as const,
      codigo: 'MITAD',
      resumen: '50% de descuento',
      descuento: 1000,
      subtotal: 2000,
      shipping: 149,
      total: 1149,
    };
    expect(totalsWithCode(base, applied, { freeShippingMin: 1500 })).toEqual({
      count: 2,
      subtotal: 2000,
      codigo: 'MITAD',
      descuento: 1000,
      shipping: 149,
      total: 1149,
      toFreeShipping: 500,
    });
    // free shipping still reached, or never offered
    expect(
      totalsWithCode(base, { ...applied, descuento: 200, shipping: 0, total: 1800 }, { freeShippingMin: 1500 }).toFreeShipping,
    ).toBeNull();
    expect(totalsWithCode(base, applied, { freeShippingMin: null }).toFreeShipping).toBeNull();
  });
});
