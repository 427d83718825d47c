import { describe, expect, it } from 'vitest';
import { type CodeAnswer, judgeCodeRace, SOLD_OUT } from '../../scripts/bench/code-race-judge.ts';

const withCode: CodeAnswer = { status: 200, ok: true, codigo: 'CARRERA', descuento: 49.9, codeRefusal: null, motivos: [], error: null };
const soldOut: CodeAnswer = { status: 200, ok: false, codigo: null, descuento: 0, codeRefusal: SOLD_OUT, motivos: [], error: null };
const times = (n: number, a: CodeAnswer) => Array.from({ length: n }, () => a);

describe('judgeCodeRace', () => {
  it('10 uses left among 200 shoppers: 10 orders carry the code, 190 are told it ran out, the database counts 10', () => {
    const v = judgeCodeRace(
      [...times(10, withCode), ...times(190, soldOut)],
      { usos: 10, limit: 10, orders: 10, counted: 10 },
      'CARRERA',
      10,
    );
    expect(v).toEqual({ orders: 10, soldOut: 190, otherAnswers: 0, errors: 0, errorKinds: {}, overused: 0, failures: [] });
  });

  it('an eleventh order with the code is a use too many, and fails', () => {
    const v = judgeCodeRace(
      [...times(11, withCode), ...times(189, soldOut)],
      { usos: 11, limit: 10, orders: 11, counted: 11 },
      'CARRERA',
      10,
    );
    expect(v.overused).toBe(1);
    expect(v.failures).toEqual(['11 pedidos con el código; deben ser 10', '1 usos de más (límite 10)']);
  });

  it('an order stored without the code, an error, or a count that disagrees with the answers fails', () => {
    const without: CodeAnswer = { ...withCode, codigo: null, descuento: 0 };
    const error: CodeAnswer = {
      ...soldOut,
      status: 504,
      codeRefusal: null,
      error: 'PGRST003 Timed out acquiring connection from connection pool.',
    };
    const v = judgeCodeRace(
      [...times(10, withCode), without, error, ...times(188, soldOut)],
      { usos: 9, limit: 10, orders: 10, counted: 9 },
      'CARRERA',
      10,
    );
    expect(v.errorKinds).toEqual({ 'HTTP 504 PGRST003 Timed out acquiring connection from connection pool.': 1 });
    expect(v.failures).toEqual([
      '1 compradores recibieron un error',
      '1 compradores con otra respuesta que el pedido con el código o «Este código ya se agotó»',
      '10 pedidos guardados con el código, 9 usos contados y 9 registrados; deben ser 10',
    ]);
  });

  it('a code without a limit: every shopper’s order carries it', () => {
    const v = judgeCodeRace(times(200, withCode), { usos: 200, limit: null, orders: 200, counted: 200 }, 'CARRERA', 200);
    expect(v.failures).toEqual([]);
  });
});
