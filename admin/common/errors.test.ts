import { describe, expect, it } from 'vitest';
import { ConflictError, isConflict, refusalMessage } from './errors.ts';

describe('what a failed save says', () => {
  it('passes on the database’s own Spanish refusals (PT4xx)', () => {
    const sold = Object.assign(new Error('La talla M de Playera ya se vendió en el pedido OM-22222.'), { code: 'PT409' });
    expect(refusalMessage(sold)).toBe('La talla M de Playera ya se vendió en el pedido OM-22222.');
    expect(refusalMessage({ code: 'PT400', message: 'Escribe tu nombre.' })).toBe('Escribe tu nombre.');
  });
  it('keeps other failures to the form’s own message', () => {
    expect(refusalMessage(Object.assign(new Error('new row violates check constraint'), { code: '23514' }))).toBeNull();
    expect(refusalMessage(new Error('Failed to fetch'))).toBeNull();
    expect(refusalMessage(null)).toBeNull();
  });
  it('tells a conflict apart', () => {
    expect(isConflict(new ConflictError())).toBe(true);
    expect(isConflict(new Error('x'))).toBe(false);
  });
});
