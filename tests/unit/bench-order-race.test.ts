import { describe, expect, it } from 'vitest';
import { judgeRace, type RaceAnswer, shopperAddress } from '../../scripts/bench/race-judge.ts';
import { spread } from '../../scripts/bench/stats.ts';

const held: RaceAnswer = { status: 200, ok: true, motivos: [], error: null };
const apartada: RaceAnswer = { status: 200, ok: false, motivos: ['apartada'], error: null };
const times = (n: number, a: RaceAnswer) => Array.from({ length: n }, () => a);

describe('shopperAddress', () => {
  it('gives 200 shoppers 200 different networks (IPv4 /24), as the per-network limits count them', () => {
    const networks = new Set(Array.from({ length: 200 }, (_, n) => shopperAddress(n).split('.').slice(0, 3).join('.')));
    expect(networks.size).toBe(200);
    expect(shopperAddress(0)).toBe('10.0.0.7');
    expect(shopperAddress(251)).toBe('10.1.1.7');
  });
});

describe('judgeRace', () => {
  it('the last piece: one order holds it, the other 199 are told apartada, nothing oversold', () => {
    const v = judgeRace([held, ...times(199, apartada)], { existencias: 1, apartadas: 1, holds: 1, orders: 1 }, 1);
    expect(v).toEqual({ orders: 1, apartada: 199, otherRefusals: 0, errors: 0, errorKinds: {}, oversold: 0, failures: [] });
  });

  it('50 pieces: 50 orders and 150 apartada meet the counts', () => {
    const v = judgeRace([...times(50, held), ...times(150, apartada)], { existencias: 50, apartadas: 50, holds: 50, orders: 50 }, 50);
    expect(v.failures).toEqual([]);
  });

  it('two orders for one piece is one piece oversold, and fails', () => {
    const v = judgeRace([held, held, ...times(198, apartada)], { existencias: 1, apartadas: 2, holds: 2, orders: 2 }, 1);
    expect(v.oversold).toBe(1);
    expect(v.failures).toEqual(['2 pedidos apartan piezas; deben ser 1', '1 piezas sobrevendidas (1 existencias)']);
  });

  it('an error or a refusal other than apartada fails, with the error’s kind counted', () => {
    const error: RaceAnswer = {
      status: 504,
      ok: false,
      motivos: [],
      error: 'PGRST003 Timed out acquiring connection from connection pool.',
    };
    const sold: RaceAnswer = { status: 200, ok: false, motivos: ['vendida'], error: null };
    const v = judgeRace([held, error, error, sold, apartada], { existencias: 1, apartadas: 1, holds: 1, orders: 1 }, 1);
    expect(v).toMatchObject({ orders: 1, apartada: 1, otherRefusals: 1, errors: 2, oversold: 0 });
    expect(v.errorKinds).toEqual({ 'HTTP 504 PGRST003 Timed out acquiring connection from connection pool.': 2 });
    expect(v.failures).toEqual(['2 compradores recibieron un error', '1 compradores rechazados por otro motivo que «apartada»']);
  });

  it('a refused shopper whose order was stored anyway, or a hold without its order, fails', () => {
    const stored = judgeRace([held, apartada], { existencias: 5, apartadas: 1, holds: 1, orders: 2 }, 1);
    expect(stored.failures).toEqual(['2 pedidos guardados; 1 respuestas de pedido']);
    const holds = judgeRace([held, apartada], { existencias: 5, apartadas: 2, holds: 2, orders: 1 }, 1);
    expect(holds.failures).toEqual(['2 piezas en apartados y 2 apartadas en las tallas; deben ser 1, una por pedido']);
  });

  it('every shopper a different product: all 200 orders stored is the goal', () => {
    expect(judgeRace(times(200, held), { existencias: 200, apartadas: 200, holds: 200, orders: 200 }, 200).failures).toEqual([]);
    expect(judgeRace(times(199, held), { existencias: 200, apartadas: 199, holds: 199, orders: 199 }, 200).failures).toEqual([
      '199 pedidos apartan piezas; deben ser 200',
    ]);
  });
});

describe('spread', () => {
  it('gives p50, p95 and the slowest of the samples', () => {
    const samples = Array.from({ length: 200 }, (_, i) => i + 1.04);
    expect(spread(samples)).toEqual({ p50: 100, p95: 190, max: 200, n: 200 });
    expect(spread([]).max).toBeNaN();
  });
});
