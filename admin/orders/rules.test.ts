import { describe, expect, it } from 'vitest';
import {
  canExtendHold,
  holdShortText,
  holdState,
  holdText,
  itemCountLabel,
  normalizeReference,
  orderFilter,
  stockEffect,
  untilText,
} from './rules.ts';

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
  it('sells the held pieces when the order becomes paid, shipped or delivered', () => {
    expect(stockEffect('nuevo', 'pagado', true)).toBe(
      'Al guardar, se venden las piezas apartadas de este pedido: las existencias de cada talla bajan en una.',
    );
    expect(stockEffect('confirmado', 'entregado', true)).toMatch(/se venden/);
    expect(stockEffect('pagado', 'enviado', false)).toBeNull();
  });
  it('warns that an order whose hold ended sells pieces only if some are still for sale', () => {
    expect(stockEffect('nuevo', 'pagado', false)).toMatch(
      /Su apartado ya terminó: si alguna ya no está a la venta, no se podrá guardar\.$/,
    );
  });
  it('puts sold pieces on sale again when it goes back or is cancelled, and ends a running hold on cancelling', () => {
    expect(stockEffect('pagado', 'cancelado', false)).toBe('Al guardar, las piezas vendidas en este pedido vuelven a estar a la venta.');
    expect(stockEffect('enviado', 'confirmado', false)).toMatch(/vuelven/);
    expect(stockEffect('nuevo', 'cancelado', true)).toBe('Al guardar, termina el apartado y sus piezas vuelven a la venta.');
    expect(stockEffect('nuevo', 'cancelado', false)).toBeNull();
    expect(stockEffect('nuevo', 'confirmado', true)).toBeNull();
  });
  it('counts items', () => {
    expect(itemCountLabel(1)).toBe('1 producto');
    expect(itemCountLabel(3)).toBe('3 productos');
  });
});

describe('where an order’s hold stands, on the Mexico City clock', () => {
  // 12:00 in Mexico City (UTC−6)
  const now = new Date('2026-11-27T18:00:00Z');
  const unpaid = { status: 'nuevo', held_until: null, hold_ended_at: null, hold_end_reason: null };

  it('a running hold says until when: the time today, mañana, or the date', () => {
    const today = holdState({ ...unpaid, held_until: '2026-11-27T20:30:00Z' }, now);
    expect(today).toEqual({ kind: 'apartado', until: '2026-11-27T20:30:00Z' });
    expect(holdText(today, now)).toBe('Apartado hasta las 14:30');
    expect(holdShortText(today, now)).toBe('Hasta las 14:30');
    expect(holdShortText(today, now, true)).toBe('Apartado hasta las 14:30');
    expect(canExtendHold(today)).toBe(true);
    expect(untilText('2026-11-28T00:10:00Z', now)).toBe('las 18:10');
    expect(holdText(holdState({ ...unpaid, held_until: '2026-11-28T20:30:00Z' }, now), now)).toBe('Apartado hasta mañana a las 14:30');
    expect(holdText(holdState({ ...unpaid, held_until: '2026-11-30T15:05:00Z' }, now), now)).toBe(
      'Apartado hasta el 30/11/2026 a las 09:05',
    );
  });

  it('days are Mexico City’s, not UTC’s: 00:30 after 23:30 is mañana', () => {
    const late = new Date('2026-11-28T05:30:00Z'); // 23:30 of the 27th in Mexico City, the 28th in UTC
    expect(holdText(holdState({ ...unpaid, held_until: '2026-11-28T06:30:00Z' }, late), late)).toBe('Apartado hasta mañana a las 00:30');
    expect(holdText(holdState({ ...unpaid, held_until: '2026-11-28T05:45:00Z' }, late), late)).toBe('Apartado hasta las 23:45');
  });

  it('an ended hold says when its time ran out, or that cancelling ended it; neither can be extended', () => {
    const expired = holdState({ ...unpaid, hold_ended_at: '2026-11-27T20:30:10Z', hold_end_reason: 'vencido' }, now);
    expect(holdText(expired, now)).toBe('Apartado vencido (14:30): las piezas volvieron a la venta');
    expect(holdShortText(expired, now)).toBe('Vencido');
    expect(holdShortText(expired, now, true)).toBe('Apartado vencido');
    expect(canExtendHold(expired)).toBe(false);
    const yesterday = holdState({ ...unpaid, hold_ended_at: '2026-11-26T23:00:00Z', hold_end_reason: 'vencido' }, now);
    expect(holdText(yesterday, now)).toBe('Apartado vencido (ayer 17:00): las piezas volvieron a la venta');
    const cancelled = holdState(
      { ...unpaid, status: 'cancelado', hold_ended_at: '2026-11-27T17:00:00Z', hold_end_reason: 'cancelado' },
      now,
    );
    expect(holdText(cancelled, now)).toBe('Apartado terminado al cancelar');
    expect(holdShortText(cancelled, now)).toBe('');
    expect(canExtendHold(cancelled)).toBe(false);
  });

  it('a hold past its time reads as ended even before the database gives its pieces back', () => {
    const due = holdState({ ...unpaid, held_until: '2026-11-27T17:59:00Z' }, now);
    expect(due).toEqual({ kind: 'vencido', at: '2026-11-27T17:59:00Z' });
    expect(holdText(due, now)).toBe('Apartado vencido (11:59): las piezas volvieron a la venta');
  });

  it('a paid order says nothing of a hold (its pieces are sold), nor an unpaid one that holds none', () => {
    expect(holdState({ ...unpaid, status: 'pagado', hold_ended_at: '2026-11-27T17:00:00Z', hold_end_reason: 'vencido' }, now)).toBeNull();
    expect(holdState(unpaid, now)).toBeNull();
    expect(holdText(null, now)).toBeNull();
  });
});
