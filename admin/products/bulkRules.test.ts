import { describe, expect, it } from 'vitest';
import { bulkConfirmation, bulkValueProblem, discountedPrice } from './bulkRules.ts';

describe('bulk work', () => {
  it('says how many products an action changes', () => {
    expect(bulkConfirmation('campaign', 1)).toBe('Se cambiarán 1 producto.');
    expect(bulkConfirmation('delete', 1500)).toBe('Se eliminarán 1,500 productos con sus tallas e imágenes. No se puede deshacer.');
    expect(bulkConfirmation('discount', 500, 15)).toBe(
      'Se bajará 15 % el precio de venta de 500 productos, redondeado a la centena más cercana.',
    );
    expect(bulkConfirmation('stock', 2, 3)).toBe(
      'Cada talla de 2 productos quedará con 3 piezas (los productos sin tallas también). Una talla con piezas apartadas en pedidos sin pagar nunca queda con menos.',
    );
    expect(bulkConfirmation('stock', 40)).toBe('Se cambiarán las existencias de cada talla de 40 productos.');
    expect(bulkConfirmation('stock', 1, 1)).toMatch(/^Cada talla de 1 producto quedará con 1 pieza /);
  });

  it('asks for a destination and a whole percent from 1 to 99', () => {
    expect(bulkValueProblem('brand', {})).toBe('Elige a dónde moverlos.');
    expect(bulkValueProblem('discount', { percent: '0' })).toBe('El descuento va de 1 a 99 %.');
    expect(bulkValueProblem('discount', { percent: '12.5' })).toBe('El descuento va de 1 a 99 %.');
    expect(bulkValueProblem('discount', { percent: '20' })).toBeNull();
    expect(bulkValueProblem('feature', {})).toBeNull();
  });

  it('asks for a whole number of pieces from 0 to 9999 per size', () => {
    for (const pieces of ['', '-1', '2.5', '10000']) {
      expect(bulkValueProblem('stock', { pieces })).toBe('Las existencias van de 0 a 9999 piezas.');
    }
    expect(bulkValueProblem('stock', {})).toBe('Las existencias van de 0 a 9999 piezas.');
    expect(bulkValueProblem('stock', { pieces: '0' })).toBeNull();
    expect(bulkValueProblem('stock', { pieces: '12' })).toBeNull();
  });

  it('rounds a discounted price to the nearest hundred, never to nothing', () => {
    expect(discountedPrice(1299, 20)).toBe(1000);
    expect(discountedPrice(899, 10)).toBe(800);
    expect(discountedPrice(750, 20)).toBe(600);
    expect(discountedPrice(40, 10)).toBe(36);
  });
});
