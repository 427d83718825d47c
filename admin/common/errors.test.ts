import { describe, expect, it } from 'vitest';
import { ConflictError, isConflict, refusalMessage } from './errors.ts';

describe('what a failed save says', () => {
  it('passes on the database’s own Spanish refusals (PT4xx)', () => {
    const sold = Object.assign(new Error('La talla M de Playera ya no está disponible: se vendió o está apartada en otro pedido.'), {
      code: 'PT409',
    });
    expect(refusalMessage(sold)).toBe('La talla M de Playera ya no está disponible: se vendió o está apartada en otro pedido.');
    expect(refusalMessage({ code: 'PT400', message: 'Escribe tu nombre.' })).toBe('Escribe tu nombre.');
    // react-admin's data provider: an HttpError whose body is PostgREST's answer
    const held = Object.assign(new Error('1 pieza(s) están apartadas en pedidos sin pagar.'), {
      status: 409,
      body: { code: 'PT409', message: '1 pieza(s) están apartadas en pedidos sin pagar.' },
    });
    expect(refusalMessage(held)).toBe('1 pieza(s) están apartadas en pedidos sin pagar.');
  });
  it('keeps other failures to the form’s own message', () => {
    expect(refusalMessage(Object.assign(new Error('new row violates check constraint'), { code: '23514' }))).toBeNull();
    expect(refusalMessage(new Error('Failed to fetch'))).toBeNull();
    expect(refusalMessage(Object.assign(new Error('duplicate key'), { body: { code: '23505' } }))).toBeNull();
    expect(refusalMessage(null)).toBeNull();
  });
  it('tells a conflict apart', () => {
    expect(isConflict(new ConflictError())).toBe(true);
    expect(isConflict(new Error('x'))).toBe(false);
  });
});
