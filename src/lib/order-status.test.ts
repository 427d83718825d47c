import { afterEach, describe, expect, it } from 'vitest';
import {
  type OrderPage,
  type OrderPagePayment,
  orderChatMessage,
  orderStanding,
  paymentMethodLabel,
  paymentReturnNotice,
  paymentReturnOf,
} from './order-status.ts';

/** Friday 27 November 2026, noon in Mexico City (UTC-6). */
const NOW = new Date('2026-11-27T12:00:00-06:00');
const mx = (local: string) => new Date(`${local}-06:00`).toISOString();

function order(overrides: Partial<OrderPage> = {}): OrderPage {
  return {
    reference: 'OM-7K3F2',
    status: 'nuevo',
    created_at: mx('2026-11-27T10:30:00'),
    subtotal: 500,
    codigo: null,
    descuento: 0,
    shipping: 149,
    total: 649,
    held_until: mx('2026-11-27T14:30:00'),
    hold_ended_at: null,
    hold_end_reason: null,
    paid_at: null,
    tracking_number: null,
    tracking_url: null,
    items: [
      {
        position: 1,
        nombre: 'Playera básica',
        marca: 'Nike',
        talla: 'S',
        permalink: 'playera-basica',
        precio_original: 900,
        precio_venta: 500,
        descuento: 0,
      },
    ],
    payment: null,
    ...overrides,
  };
}

function payment(overrides: Partial<OrderPagePayment> = {}): OrderPagePayment {
  return {
    status: 'approved',
    method: 'visa',
    payment_type: 'credit_card',
    installments: 3,
    approved_at: mx('2026-11-27T11:05:00'),
    expires_at: null,
    refunded_amount: 0,
    ...overrides,
  };
}

const paidOrder = (overrides: Partial<OrderPage> = {}) =>
  order({ status: 'pagado', held_until: null, paid_at: mx('2026-11-27T11:05:00'), payment: payment(), ...overrides });

describe('an unpaid order holding its pieces', () => {
  it('is held until a time today, tomorrow or another day, on the Mexico City clock', () => {
    expect(orderStanding(order(), NOW).headline).toBe('Apartado hasta las 14:30');
    expect(orderStanding(order({ held_until: mx('2026-11-28T14:30:00') }), NOW).headline).toBe('Apartado hasta mañana a las 14:30');
    expect(orderStanding(order({ held_until: mx('2026-11-29T14:30:00') }), NOW).headline).toBe(
      'Apartado hasta el 29 de noviembre a las 14:30',
    );
    // one o'clock is 'la 1', and another year is named
    expect(orderStanding(order({ held_until: mx('2026-11-28T01:05:00') }), NOW).headline).toBe('Apartado hasta mañana a la 1:05');
    expect(orderStanding(order({ held_until: mx('2027-01-02T09:00:00') }), new Date('2026-12-30T12:00:00-06:00')).headline).toBe(
      'Apartado hasta el 2 de enero de 2027 a las 9:00',
    );
  });

  it('counts days as Mexico City does, not as UTC (21:00 in Mexico City is already tomorrow in UTC)', () => {
    const evening = new Date('2026-11-27T17:00:00-06:00');
    expect(orderStanding(order({ held_until: mx('2026-11-27T21:00:00') }), evening).headline).toBe('Apartado hasta las 21:00');
    expect(orderStanding(order({ held_until: mx('2026-11-28T03:00:00') }), evening).headline).toBe('Apartado hasta mañana a las 3:00');
  });

  it('offers paying online, and says availability is confirmed once the team confirmed it', () => {
    const held = orderStanding(order(), NOW);
    expect(held).toMatchObject({ tone: 'apartado', payable: true, tracking: null });
    expect(held.details).toEqual(['Paga antes de esa hora para que tus piezas sean tuyas; después vuelven a la venta.']);
    expect(orderStanding(order({ status: 'confirmado' }), NOW).details).toEqual([
      'Confirmamos que tus piezas están disponibles.',
      'Paga antes de esa hora para que tus piezas sean tuyas; después vuelven a la venta.',
    ]);
  });

  it('with an approved payment that did not pay it (another amount) offers no second payment', () => {
    const standing = orderStanding(order({ payment: payment({ status: 'approved' }) }), NOW);
    expect(standing).toMatchObject({ headline: 'Apartado hasta las 14:30', payable: false });
    expect(standing.details).toEqual(['Recibimos un pago que estamos revisando; te escribimos por el chat.']);
  });
});

describe('a payment under way', () => {
  const voucher = (overrides: Partial<OrderPagePayment> = {}) =>
    payment({ status: 'pending', method: 'oxxo', payment_type: 'ticket', installments: 1, approved_at: null, ...overrides });

  it('an OXXO voucher asks to be paid before it expires (or before the hold ends, whichever is first)', () => {
    const held = { held_until: mx('2026-11-30T12:00:00') };
    expect(orderStanding(order({ ...held, payment: voucher({ expires_at: mx('2026-11-29T23:59:00') }) }), NOW)).toMatchObject({
      tone: 'pendiente',
      headline: 'Pago pendiente: paga tu ficha OXXO antes del 29 de noviembre a las 23:59',
      payable: false,
    });
    expect(orderStanding(order({ ...held, payment: voucher({ expires_at: mx('2026-11-28T23:59:00') }) }), NOW).headline).toBe(
      'Pago pendiente: paga tu ficha OXXO antes de mañana a las 23:59',
    );
    expect(orderStanding(order({ payment: voucher({ expires_at: mx('2026-12-03T23:59:00') }) }), NOW).headline).toBe(
      'Pago pendiente: paga tu ficha OXXO antes de las 14:30',
    );
    // another store's voucher
    expect(orderStanding(order({ payment: voucher({ method: 'paycash', expires_at: null }) }), NOW).headline).toBe(
      'Pago pendiente: paga tu ficha de pago antes de las 14:30',
    );
  });

  it('a card payment in review keeps the pieces held and offers no second payment', () => {
    const standing = orderStanding(order({ payment: payment({ status: 'in_process', approved_at: null }) }), NOW);
    expect(standing).toMatchObject({ tone: 'pendiente', headline: 'Pago en revisión', payable: false });
    expect(standing.details).toEqual(['Mercado Pago está revisando tu pago. Tus piezas siguen apartadas hasta las 14:30.']);
  });
});

describe('a hold that ended unpaid', () => {
  const ended = (overrides: Partial<OrderPage>) => order({ held_until: null, hold_ended_at: mx('2026-11-27T10:30:00'), ...overrides });

  it('ran out of time: the pieces went back on sale', () => {
    const standing = orderStanding(ended({ hold_end_reason: 'vencido' }), NOW);
    expect(standing).toMatchObject({
      tone: 'terminado',
      headline: 'El apartado terminó a las 10:30 sin pago; las piezas volvieron a la venta.',
      payable: false,
    });
    expect(standing.details).toEqual(['Si aún quieres tus piezas, escríbenos por el chat: te decimos cuáles siguen disponibles.']);
    expect(orderStanding(ended({ hold_end_reason: 'vencido', hold_ended_at: mx('2026-11-26T14:30:00') }), NOW).headline).toBe(
      'El apartado terminó ayer a las 14:30 sin pago; las piezas volvieron a la venta.',
    );
    expect(orderStanding(ended({ hold_end_reason: 'vencido', hold_ended_at: mx('2026-11-20T14:30:00') }), NOW).headline).toBe(
      'El apartado terminó el 20 de noviembre a las 14:30 sin pago; las piezas volvieron a la venta.',
    );
  });

  it('its time passed before the database released it: ended all the same', () => {
    const standing = orderStanding(order({ held_until: mx('2026-11-27T11:59:00') }), NOW);
    expect(standing).toMatchObject({
      headline: 'El apartado terminó a las 11:59 sin pago; las piezas volvieron a la venta.',
      payable: false,
    });
  });

  it('its payment was rejected, or its voucher expired', () => {
    const rejected = ended({ hold_end_reason: 'pago_rechazado', payment: payment({ status: 'rejected', approved_at: null }) });
    expect(orderStanding(rejected, NOW).headline).toBe(
      'El apartado terminó a las 10:30 porque tu pago fue rechazado; las piezas volvieron a la venta.',
    );
    const expired = ended({
      hold_end_reason: 'pago_rechazado',
      payment: payment({ status: 'cancelled', method: 'oxxo', payment_type: 'ticket', approved_at: null }),
    });
    expect(orderStanding(expired, NOW).headline).toBe(
      'El apartado terminó a las 10:30 porque tu ficha OXXO venció sin pago; las piezas volvieron a la venta.',
    );
  });

  it('an order that never held pieces is simply received', () => {
    expect(orderStanding(order({ held_until: null }), NOW)).toMatchObject({
      tone: 'recibido',
      headline: 'Pedido recibido',
      payable: false,
    });
  });
});

describe('a paid order', () => {
  it('says when (today, yesterday, a date) and how it was paid', () => {
    const standing = orderStanding(paidOrder(), NOW);
    expect(standing).toMatchObject({ tone: 'pagado', headline: 'Pagado hoy a las 11:05', payable: false, tracking: null });
    expect(standing.details).toEqual(['Tarjeta de crédito · 3 meses', 'Preparamos tu envío; aquí verás la guía en cuanto salga.']);
    expect(orderStanding(paidOrder({ paid_at: mx('2026-11-26T18:40:00') }), NOW).headline).toBe('Pagado ayer a las 18:40');
    expect(orderStanding(paidOrder({ paid_at: mx('2026-11-02T09:15:00') }), NOW).headline).toBe('Pagado el 2 de noviembre a las 9:15');
  });

  it('marked paid by the team without an online payment says no method', () => {
    expect(orderStanding(paidOrder({ payment: null }), NOW).details).toEqual(['Preparamos tu envío; aquí verás la guía en cuanto salga.']);
    // a rejected attempt before the team took the payment by other means is not how it was paid
    expect(orderStanding(paidOrder({ payment: payment({ status: 'rejected', approved_at: null }) }), NOW).details).toEqual([
      'Preparamos tu envío; aquí verás la guía en cuanto salga.',
    ]);
  });

  it('names each way of paying as a shopper knows it', () => {
    const label = (payment_type: string | null, method: string | null, installments: number | null = 1) =>
      paymentMethodLabel({ payment_type, method, installments });
    expect(label('credit_card', 'master', 3)).toBe('Tarjeta de crédito · 3 meses');
    expect(label('credit_card', 'visa', 1)).toBe('Tarjeta de crédito');
    expect(label('debit_card', 'debvisa')).toBe('Tarjeta de débito');
    expect(label('ticket', 'oxxo')).toBe('OXXO');
    expect(label('ticket', 'paycash')).toBe('Efectivo en tienda');
    expect(label('bank_transfer', 'clabe')).toBe('Transferencia SPEI');
    expect(label('account_money', 'account_money')).toBe('Mercado Pago');
    expect(label(null, null)).toBe('Mercado Pago');
  });
});

describe('shipped, delivered and cancelled orders', () => {
  it('shipped: the tracking number and its link', () => {
    const standing = orderStanding(
      paidOrder({ status: 'enviado', tracking_number: 'MX123456789', tracking_url: 'https://rastreo.example.com/MX123456789' }),
      NOW,
    );
    expect(standing).toMatchObject({
      tone: 'enviado',
      headline: 'Enviado',
      details: ['Número de guía: MX123456789'],
      tracking: { number: 'MX123456789', url: 'https://rastreo.example.com/MX123456789' },
    });
    expect(orderStanding(paidOrder({ status: 'enviado' }), NOW)).toMatchObject({
      details: ['Te compartimos la guía de tu envío por el chat.'],
      tracking: null,
    });
  });

  it('delivered', () => {
    expect(orderStanding(paidOrder({ status: 'entregado', tracking_number: 'MX1' }), NOW)).toMatchObject({
      tone: 'entregado',
      headline: 'Entregado',
      details: ['Número de guía: MX1', '¡Gracias por tu compra! Si algo no está bien, escríbenos por el chat.'],
    });
  });

  it('cancelled: unpaid, its pieces went back; paid, its refund', () => {
    expect(orderStanding(order({ status: 'cancelado', held_until: null, hold_end_reason: 'cancelado' }), NOW)).toMatchObject({
      tone: 'cancelado',
      headline: 'Cancelado',
      details: ['Este pedido se canceló y sus piezas volvieron a la venta.'],
      payable: false,
    });
    expect(orderStanding(paidOrder({ status: 'cancelado' }), NOW).details).toEqual([
      'Este pedido se canceló. Si no ves tu reembolso, escríbenos por el chat.',
    ]);
    expect(
      orderStanding(paidOrder({ status: 'cancelado', payment: payment({ status: 'refunded', refunded_amount: 649 }) }), NOW),
    ).toMatchObject({ headline: 'Cancelado', details: ['Este pedido se canceló.', 'Te reembolsamos el total de tu pago: $649.00.'] });
  });

  it('a partial refund says how much of the total came back, whatever the status', () => {
    const refunded = payment({ refunded_amount: 200 });
    expect(orderStanding(paidOrder({ payment: refunded }), NOW).details).toContain('Te reembolsamos $200.00 de $649.00.');
    expect(orderStanding(paidOrder({ status: 'entregado', payment: refunded }), NOW).details).toContain(
      'Te reembolsamos $200.00 de $649.00.',
    );
  });
});

describe('the Mexico City clock whatever the device’s zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  for (const tz of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
    it(`in ${tz}`, () => {
      process.env.TZ = tz;
      // the device's clock really is in that zone now
      expect(new Date(2026, 10, 27, 12).getTimezoneOffset()).toBe({ UTC: 0, 'Asia/Tokyo': -540, 'America/Los_Angeles': 480 }[tz]);
      expect(orderStanding(order({ held_until: mx('2026-11-28T01:05:00') }), NOW).headline).toBe('Apartado hasta mañana a la 1:05');
      expect(orderStanding(order({ held_until: mx('2026-11-27T23:30:00') }), NOW).headline).toBe('Apartado hasta las 23:30');
      expect(orderStanding(paidOrder({ paid_at: mx('2026-11-26T23:40:00') }), NOW).headline).toBe('Pagado ayer a las 23:40');
    });
  }
});

describe('back from Mercado Pago', () => {
  it('reads its return status from the query', () => {
    expect(paymentReturnOf('?t=x&status=approved&payment_id=1')).toBe('approved');
    expect(paymentReturnOf('?t=x&collection_status=pending')).toBe('pending');
    expect(paymentReturnOf('?t=x&status=rejected')).toBe('rejected');
    expect(paymentReturnOf('?t=x&status=null')).toBeNull();
    expect(paymentReturnOf('?t=x')).toBeNull();
  });

  it('notes only what the live data does not say yet', () => {
    const held = orderStanding(order(), NOW);
    const paid = orderStanding(paidOrder(), NOW);
    const ended = orderStanding(
      order({ held_until: null, hold_ended_at: mx('2026-11-27T10:30:00'), hold_end_reason: 'pago_rechazado' }),
      NOW,
    );
    const voucher = orderStanding(
      order({ payment: payment({ status: 'pending', method: 'oxxo', payment_type: 'ticket', approved_at: null }) }),
      NOW,
    );
    expect(paymentReturnNotice('approved', held)).toBe(
      'Mercado Pago aprobó tu pago. Lo estamos confirmando; esta página se actualiza sola.',
    );
    expect(paymentReturnNotice('approved', paid)).toBeNull();
    expect(paymentReturnNotice('pending', voucher)).toBeNull();
    expect(paymentReturnNotice('pending', held)).toBe('Tu pago quedó pendiente en Mercado Pago. Aquí verás cuando se acredite.');
    expect(paymentReturnNotice('rejected', held)).toBe(
      'Mercado Pago no aprobó tu pago. Puedes intentarlo de nuevo, con otra tarjeta u otro medio.',
    );
    expect(paymentReturnNotice('rejected', ended)).toBeNull();
    expect(paymentReturnNotice(null, held)).toBeNull();
  });
});

describe('the chat about an order', () => {
  it('names its reference and nothing else', () => {
    expect(orderChatMessage('Outlet Moda MX', 'OM-7K3F2')).toBe('Hola Outlet Moda MX! Te escribo por mi pedido OM-7K3F2.');
  });
});
