import { describe, expect, it } from 'vitest';
import {
  doneMs,
  judgePayments,
  judgeSold,
  PAY_GOAL_MS,
  type PaySample,
  paymentFor,
  sizeHasPieces,
  preferenceIdOf,
  productWord,
  shopOffers,
  slowest,
} from '../../scripts/bench/payment-judge.ts';

const sample = (reference: string, paidMs: number | null, goneMs: number | null, answerMs: number | null = 50): PaySample => ({
  reference,
  paidMs,
  goneMs,
  answerMs,
});

describe('productWord', () => {
  it('gives every bench product a search word no other one contains', () => {
    const words = Array.from({ length: 600 }, (_, n) => productWord(n));
    expect(words[7]).toBe('pago0007');
    for (const w of words) expect(words.filter((other) => other.includes(w))).toEqual([w]);
  });
});

describe('preferenceIdOf', () => {
  it("reads the preference from Checkout Pro's address the payment link sends the shopper to", () => {
    expect(preferenceIdOf('https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=202809963-5d1c')).toBe('202809963-5d1c');
  });

  it('is null when the link sent the shopper to the order page instead, or nowhere', () => {
    expect(preferenceIdOf('https://tienda.example/pedido/?t=6f1c')).toBeNull();
    expect(preferenceIdOf(null)).toBeNull();
    expect(preferenceIdOf('no es una dirección')).toBeNull();
  });
});

describe('shopOffers', () => {
  const answer = {
    products: [
      { id: 'p1', sizes: ['S', 'L'] },
      { id: 'p2', sizes: ['M'] },
    ],
  };

  it('offers a size the product lists, compared as the size filter compares (trimmed, any case)', () => {
    expect(shopOffers(answer, 'p1', 'S')).toBe(true);
    expect(shopOffers(answer, 'p1', ' l ')).toBe(true);
  });

  it('does not offer a size the product no longer lists, nor a product absent from the page', () => {
    expect(shopOffers(answer, 'p1', 'M')).toBe(false);
    expect(shopOffers(answer, 'p3', 'M')).toBe(false);
    expect(shopOffers({ products: [] }, 'p1', 'S')).toBe(false);
  });
});

describe('sizeHasPieces', () => {
  it('counts a held size (0 for sale, 1 held) until its piece is sold', () => {
    expect(sizeHasPieces([{ talla: 'M', libres: 0, apartadas: 1 }], 'M')).toBe(true);
    expect(sizeHasPieces([{ talla: 'M', libres: 0, apartadas: 0 }], 'M')).toBe(false);
    expect(sizeHasPieces([{ talla: 'S', libres: 1, apartadas: 0 }], 'M')).toBe(false);
    expect(sizeHasPieces(undefined, 'M')).toBe(false);
  });
});

describe('paymentFor', () => {
  it("is the same approved payment for another order: its own id, that order's reference and total", () => {
    const template = {
      id: 1325000001,
      status: 'approved',
      status_detail: 'accredited',
      currency_id: 'MXN',
      transaction_amount: 648,
      external_reference: 'OM-AAAAA',
    };
    expect(paymentFor(template, { paymentId: '1990000000', reference: 'OM-BBBBB', total: 648 })).toEqual({
      id: 1990000000,
      status: 'approved',
      status_detail: 'accredited',
      currency_id: 'MXN',
      transaction_amount: 648,
      external_reference: 'OM-BBBBB',
    });
    expect(template.external_reference).toBe('OM-AAAAA');
  });
});

describe('judgePayments', () => {
  it('counts the later of paid and gone against the goal: 40 notices done within 2 s meet it', () => {
    const samples = Array.from({ length: 40 }, (_, i) => sample(`OM-${i}`, 100 + i * 10, 120 + i * 10));
    const v = judgePayments(samples, PAY_GOAL_MS);
    expect(v.failures).toEqual([]);
    expect(v.done).toEqual({ p50: 310, p95: 490, max: 510, n: 40 });
    expect(v.paid.p95).toBe(470);
    expect(v.missing).toBe(0);
  });

  it('a p95 above 2 s fails, naming the figure and the goal', () => {
    const samples = [
      ...Array.from({ length: 37 }, () => sample('OM-A', 100, 150)),
      ...Array.from({ length: 3 }, () => sample('OM-B', 2100, 2400)),
    ];
    expect(judgePayments(samples, PAY_GOAL_MS).failures).toEqual(['p95 2400 ms; la meta es ≤ 2000 ms']);
  });

  it('an order never seen paid, or whose size stayed on sale, fails even when the others are quick', () => {
    const v = judgePayments([sample('OM-A', 100, 150), sample('OM-B', 90, null), sample('OM-C', null, null, null)], PAY_GOAL_MS);
    expect(v.missing).toBe(2);
    expect(v.failures).toEqual(['2 de 3 pedidos no se vieron pagados y fuera de la tienda']);
    expect(v.done.n).toBe(1);
  });

  it('the baseline has no goal: only a missing order fails it', () => {
    expect(judgePayments([sample('OM-A', 5000, 5000)], null).failures).toEqual([]);
  });
});

describe('slowest and doneMs', () => {
  it('the slowest order is the one paid and gone last; a missing one is slower than any', () => {
    const a = sample('OM-A', 300, 100);
    const b = sample('OM-B', 200, 250);
    expect(doneMs(a)).toBe(300);
    expect(slowest([a, b])).toBe(a);
    expect(slowest([a, sample('OM-C', 100, null), b])?.reference).toBe('OM-C');
    expect(slowest([])).toBeNull();
  });
});

describe('judgeSold', () => {
  const sold = { orders: 80, paid: 80, approved: 80, flagged: 0, existencias: 0, apartadas: 0, holds: 0, sales: 80 };

  it('every order paid once, approved without a flag, its last piece sold and no longer held', () => {
    expect(judgeSold(sold)).toEqual([]);
  });

  it('an order left unpaid, a flagged payment or a piece still held fails, each said', () => {
    expect(judgeSold({ ...sold, paid: 79, approved: 79, flagged: 1, sales: 79, existencias: 1, apartadas: 1, holds: 1 })).toEqual([
      '79 de 80 pedidos quedaron pagados',
      '79 pagos aprobados sin marca y 1 marcados; deben ser 80 y 0',
      '79 piezas vendidas; deben ser 80, una por pedido',
      'quedan 1 existencias, 1 apartadas y 1 apartados en las tallas pagadas; deben ser 0',
    ]);
  });
});
