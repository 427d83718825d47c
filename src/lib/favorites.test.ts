import { describe, expect, it } from 'vitest';
import { addTo, contains, parseFavorites, removeFrom, savedCountLabel } from './favorites.ts';

const shoe = {
  id: 'a1',
  nombre: 'Tenis Air Max',
  marca: 'Nike',
  precio_original: 2999,
  precio_venta: 1499,
  imagen_principal: null,
  permalink: 'nike-tenis-air-max',
};

describe('favourites', () => {
  it('adds with the time it was saved and removes by id', () => {
    const list = addTo([], shoe, 1700000000000);
    expect(list).toEqual([{ ...shoe, addedAt: 1700000000000 }]);
    expect(contains(list, 'a1')).toBe(true);
    expect(removeFrom(list, 'a1')).toEqual([]);
    expect(removeFrom(list, 'zz')).toHaveLength(1);
  });

  it('says producto guardado for one and productos guardados otherwise', () => {
    expect(savedCountLabel(1)).toBe('1 producto guardado');
    expect(savedCountLabel(0)).toBe('0 productos guardados');
    expect(savedCountLabel(3)).toBe('3 productos guardados');
  });

  it('reads a broken stored value as an empty list', () => {
    expect(parseFavorites('{nope')).toEqual([]);
    expect(parseFavorites('{"id":"x"}')).toEqual([]);
    expect(parseFavorites(null)).toEqual([]);
    expect(parseFavorites(JSON.stringify([{ ...shoe, addedAt: 1 }, { bad: true }]))).toHaveLength(1);
  });
});
