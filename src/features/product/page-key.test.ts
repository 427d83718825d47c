import { describe, expect, it } from 'vitest';
import { pageKey } from './page-key.ts';

describe('pageKey', () => {
  const product = { id: 'a', precio_venta: 100, sizes: ['S'] };

  it('is the same for the same content', () => {
    expect(pageKey('shell', '2026-11-25', product)).toBe(pageKey('shell', '2026-11-25', { ...product, sizes: ['S'] }));
  });

  it('changes with any value it covers: a price, a size, the day, the shell', () => {
    const key = pageKey('shell', '2026-11-25', product);
    expect(pageKey('shell', '2026-11-25', { ...product, precio_venta: 101 })).not.toBe(key);
    expect(pageKey('shell', '2026-11-25', { ...product, sizes: ['S', 'M'] })).not.toBe(key);
    expect(pageKey('shell', '2026-11-26', product)).not.toBe(key);
    expect(pageKey('shell2', '2026-11-25', product)).not.toBe(key);
  });

  it('tells apart values that would read the same if joined', () => {
    expect(pageKey('ab', 'c')).not.toBe(pageKey('a', 'bc'));
  });
});
