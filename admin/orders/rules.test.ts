import { describe, expect, it } from 'vitest';
import {
  canExtendHold,
  centsText,
  flaggedCount,
  flagText,
  holdShortText,
  holdState,
  holdText,
  itemCountLabel,
  needsTeam,
  normalizeReference,
  orderFilter,
  PAYABLE_STATUSES,
  parseRefundAmount,
  paymentAmount,
  paymentLinkMessage,
  paymentShortText,
  paymentText,
  refundableCents,
  refunderName,
  refundNote,
  shortMoment,
  stockEffect,
  untilText,
  whatsAppShareUrl,
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

describe('how an order was paid online, in the team’s words', () => {
  // 12:00 in Mexico City (UTC−6)
  const now = new Date('2026-11-27T18:00:00Z');
  const card = {
    payment_id: '1325667891',
    status: 'approved',
    method: 'visa',
    payment_type: 'credit_card',
    installments: 3,
    expires_at: null,
    amount: 649,
    currency: 'MXN',
    refunded_amount: 0,
    flag: null,
  };

  it('names the card with its brand and months, debit and other methods in words', () => {
    expect(paymentText(card, now)).toBe('Tarjeta de crédito Visa · 3 meses');
    expect(paymentText({ ...card, installments: 1 }, now)).toBe('Tarjeta de crédito Visa');
    expect(paymentText({ ...card, method: 'debmaster', payment_type: 'debit_card', installments: 1 }, now)).toBe(
      'Tarjeta de débito Mastercard',
    );
    expect(paymentText({ ...card, method: 'account_money', payment_type: 'account_money', installments: 1 }, now)).toBe(
      'Dinero en Mercado Pago',
    );
    expect(paymentText({ ...card, method: 'bancomer', payment_type: 'atm', installments: 1 }, now)).toBe('Pago en banco BBVA');
    expect(paymentText({ ...card, method: 'clabe', payment_type: 'bank_transfer', installments: 1 }, now)).toBe('Transferencia SPEI');
    // a brand Mercado Pago adds later is left out rather than shown as its code
    expect(paymentText({ ...card, method: 'naranja' }, now)).toBe('Tarjeta de crédito · 3 meses');
  });

  it('says a voucher waits to be paid and until when, on the Mexico City clock', () => {
    const oxxo = {
      ...card,
      status: 'pending',
      method: 'oxxo',
      payment_type: 'ticket',
      installments: 1,
      expires_at: '2026-11-29T20:30:00Z',
    };
    expect(paymentText(oxxo, now)).toBe('OXXO (pendiente, vence el 29 nov 14:30)');
    expect(paymentText({ ...oxxo, status: 'cancelled' }, now)).toBe('OXXO (vencido sin pago)');
    expect(paymentText({ ...oxxo, status: 'approved' }, now)).toBe('OXXO');
    expect(paymentText({ ...oxxo, expires_at: '2027-01-03T15:05:00Z' }, now)).toBe('OXXO (pendiente, vence el 3 ene 2027 09:05)');
    expect(paymentText({ ...card, status: 'rejected' }, now)).toBe('Tarjeta de crédito Visa · 3 meses (rechazado)');
    expect(shortMoment('2026-11-28T05:30:00Z', now)).toBe('27 nov 23:30');
  });

  it('words every flag as what the team does, and stops asking once it is refunded in full', () => {
    expect(flagText('monto_distinto')).toBe('Monto distinto al total: no se marcó pagado');
    expect(flagText('pedido_cancelado')).toBe('Pago de un pedido cancelado: reembólsalo');
    expect(flagText('pago_duplicado')).toBe('Pago duplicado: reembólsalo');
    expect(flagText('sin_piezas')).toBe('Pagado después de que se vendió la pieza: reembólsalo o consigue otra');
    expect(flagText('moneda_distinta')).toBe('Moneda distinta: no se marcó pagado');
    expect(flagText(null)).toBeNull();
    const duplicate = { ...card, flag: 'pago_duplicado' };
    expect(needsTeam(duplicate)).toBe(true);
    expect(needsTeam({ ...duplicate, refunded_amount: 200 })).toBe(true);
    expect(needsTeam({ ...duplicate, refunded_amount: 649 })).toBe(false);
    expect(needsTeam({ ...duplicate, status: 'refunded', refunded_amount: 649 })).toBe(false);
    expect(flaggedCount([card, duplicate, { ...duplicate, refunded_amount: 649 }])).toBe(1);
  });

  it('shows an amount in another currency with its code', () => {
    expect(paymentAmount(card)).toBe('$649.00');
    expect(paymentAmount({ amount: 35, currency: 'USD' })).toBe('35.00 USD');
  });

  it('in the list: the payment that paid the order, compactly', () => {
    expect(paymentShortText([])).toBe('');
    expect(paymentShortText([card])).toBe('Visa · 3 meses');
    expect(paymentShortText([{ ...card, method: 'oxxo', payment_type: 'ticket', status: 'pending' }])).toBe('OXXO pendiente');
    expect(paymentShortText([{ ...card, method: 'account_money', payment_type: 'account_money' }])).toBe('Mercado Pago');
    expect(paymentShortText([{ ...card, refunded_amount: 649 }])).toBe('Reembolsado');
    // the approved, unflagged one counts before a rejected try and a duplicate
    expect(
      paymentShortText([{ ...card, status: 'rejected', method: 'master' }, { ...card, flag: 'pago_duplicado', method: 'amex' }, card]),
    ).toBe('Visa · 3 meses');
  });
});

describe('Reembolsar', () => {
  it('refunds what is left of an approved payment only', () => {
    expect(refundableCents({ status: 'approved', amount: 649, refunded_amount: 0 })).toBe(64_900);
    expect(refundableCents({ status: 'approved', amount: 649.9, refunded_amount: 200.3 })).toBe(44_960);
    expect(refundableCents({ status: 'approved', amount: 649, refunded_amount: 649 })).toBe(0);
    expect(refundableCents({ status: 'pending', amount: 649, refunded_amount: 0 })).toBe(0);
    expect(refundableCents({ status: 'refunded', amount: 649, refunded_amount: 649 })).toBe(0);
    expect(centsText(44_960)).toBe('449.60');
  });

  it('reads the amount in pesos and refuses what the refund function would, in its words', () => {
    expect(parseRefundAmount('449.60', 44_960)).toEqual({ cents: 44_960 });
    expect(parseRefundAmount(' $1,200.5 ', 200_000)).toEqual({ cents: 120_050 });
    expect(parseRefundAmount('100', 44_960)).toEqual({ cents: 10_000 });
    expect(parseRefundAmount('', 44_960)).toEqual({ error: 'Escribe el monto a reembolsar.' });
    expect(parseRefundAmount('0', 44_960)).toEqual({ error: 'El monto debe ser mayor que cero.' });
    expect(parseRefundAmount('10.555', 44_960)).toEqual({ error: 'El monto va en pesos con hasta 2 decimales.' });
    expect(parseRefundAmount('diez', 44_960)).toEqual({ error: 'Escribe el monto en pesos, por ejemplo 649.50.' });
    expect(parseRefundAmount('449.61', 44_960)).toEqual({ error: 'El monto supera lo que queda por reembolsar. Quedan $449.60.' });
  });

  it('reminds the owner of the revocation right and that the status stays as it is', () => {
    expect(refundNote(5)).toBe(
      'Tus políticas prometen el derecho de revocación: 5 días hábiles después de la entrega (Configuración → Políticas). ' +
        'Reembolsar, aunque sea todo, no cambia el estado del pedido: si las piezas regresan, cancélalo.',
    );
    expect(refundNote(10)).toMatch(/^Tus políticas prometen el derecho de revocación: 10 días hábiles/);
  });

  it('says who refunded: the reader, a member the team list names, else an owner', () => {
    const me = { id: 'u1', email: 'dueña@outlet.mx' };
    const team = new Map([['u2', 'socio@outlet.mx']]);
    expect(refunderName('u1', me, team)).toBe('dueña@outlet.mx (tú)');
    expect(refunderName('u2', me, team)).toBe('socio@outlet.mx');
    expect(refunderName('u3', me, new Map())).toBe('Un dueño');
    expect(refunderName(null, me, team)).toBe('Un dueño');
  });
});

describe('the payment link', () => {
  it('goes to WhatsApp with the reference and the link, for the team to pick the chat', () => {
    const link = 'https://abc.supabase.co/functions/v1/pay/0b6c2c1e-7d3e-4b8e-9a55-1f1c0a6f9d21';
    const message = paymentLinkMessage('OM-7K3F2', link);
    expect(message).toBe(`Hola, este es el enlace para pagar tu pedido OM-7K3F2 en línea (tarjeta, OXXO o Mercado Pago): ${link}`);
    const url = new URL(whatsAppShareUrl(message));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(message);
  });

  it('is offered for an unpaid order that is not cancelled', () => {
    expect(PAYABLE_STATUSES).toEqual(['nuevo', 'confirmado']);
  });
});
