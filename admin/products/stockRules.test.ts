import { describe, expect, it } from 'vitest';
import { canDeleteSize, freePieces, parsePieces, piecesToSave, stockState } from './stockRules.ts';

describe('pieces of a size', () => {
  it('are a whole number from 0 to 9999 as typed', () => {
    expect(parsePieces('3')).toBe(3);
    expect(parsePieces(' 12 ')).toBe(12);
    expect(parsePieces('0')).toBe(0);
    expect(parsePieces('9999')).toBe(9999);
    expect(parsePieces(7)).toBe(7);
    for (const typed of ['', ' ', '-1', '2.5', '10000', '1e3', 'tres', null, undefined]) expect(parsePieces(typed)).toBeNull();
  });

  it('are saved only when the person changed them to a valid count', () => {
    expect(piecesToSave('4', 1)).toBe(4);
    expect(piecesToSave('0', 2)).toBe(0);
    expect(piecesToSave('1', 1)).toBeNull();
    expect(piecesToSave('', 1)).toBeNull();
    expect(piecesToSave('-3', 1)).toBeNull();
  });

  it('read as sold out with none left, held when every piece left is held, else for sale', () => {
    expect(stockState({ existencias: 0, apartadas: 0 })).toBe('agotada');
    expect(stockState({ existencias: 1, apartadas: 1 })).toBe('apartada');
    expect(stockState({ existencias: 3, apartadas: 1 })).toBe('a_la_venta');
    expect(freePieces({ existencias: 3, apartadas: 1 })).toBe(2);
    expect(freePieces({ existencias: 1, apartadas: 1 })).toBe(0);
  });

  it('a size an unpaid order holds cannot be deleted; a sold-out one can', () => {
    expect(canDeleteSize({ existencias: 2, apartadas: 1 })).toBe(false);
    expect(canDeleteSize({ existencias: 0, apartadas: 0 })).toBe(true);
    expect(canDeleteSize({ existencias: 5, apartadas: 0 })).toBe(true);
  });
});
