import { describe, expect, it } from 'vitest';
import { itemCountLabel, normalizeReference, orderFilter, stockEffect } from './rules.ts';

describe('finding an order by the reference a shopper quotes', () => {
  it('reads every way of typing it as OM-XXXXX', () => {
    for (const typed of ['OM-7K3F2', 'om-7k3f2', 'om 7k3f2', 'OM7K3F2', ' #om_7K3F2 ']) expect(normalizeReference(typed)).toBe('OM-7K3F2');
  });
  it('keeps a part of a reference to match within references', () => {
    expect(normalizeReference('7k3')).toBe('7K3');
    expect(normalizeReference('om')).toBe('OM-');
    expect(normalizeReference('  ')).toBe('');
  });
  it('filters by reference and status', () => {
    expect(orderFilter('om7k3f2', 'pagado')).toEqual({ 'reference@ilike': '%OM-7K3F2%', status: 'pagado' });
    expect(orderFilter('', 'todos')).toEqual({});
  });
});

describe('what a status change does to the stock', () => {
  it('sells the sizes when the order becomes paid, shipped or delivered', () => {
    expect(stockEffect('nuevo', 'pagado')).toMatch(/vendidas/);
    expect(stockEffect('confirmado', 'entregado')).toMatch(/vendidas/);
    expect(stockEffect('pagado', 'enviado')).toBeNull();
  });
  it('puts them on sale again when it goes back or is cancelled', () => {
    expect(stockEffect('pagado', 'cancelado')).toMatch(/vuelven a estar a la venta/);
    expect(stockEffect('enviado', 'confirmado')).toMatch(/vuelven/);
    expect(stockEffect('nuevo', 'cancelado')).toBeNull();
  });
  it('counts items', () => {
    expect(itemCountLabel(1)).toBe('1 producto');
    expect(itemCountLabel(3)).toBe('3 productos');
  });
});
