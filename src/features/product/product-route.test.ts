import { describe, expect, it } from 'vitest';
import { isValidPermalink, productRouteOf } from './product-route.ts';

describe('productRouteOf', () => {
  it('reads the permalink, with or without a trailing slash', () => {
    expect(productRouteOf('/producto/nike-air-max-90')).toEqual({ kind: 'product', permalink: 'nike-air-max-90' });
    expect(productRouteOf('/producto/nike-air-max-90/')).toEqual({ kind: 'product', permalink: 'nike-air-max-90' });
  });
  it('calls an empty or malformed permalink invalid', () => {
    expect(productRouteOf('/producto/')).toEqual({ kind: 'invalid' });
    expect(productRouteOf('/producto')).toEqual({ kind: 'invalid' });
    expect(productRouteOf('/producto/Hola%20Mundo')).toEqual({ kind: 'invalid' });
    expect(productRouteOf('/producto/a/b')).toEqual({ kind: 'invalid' });
    expect(productRouteOf('/producto/%E0%A4%A')).toEqual({ kind: 'invalid' });
  });
  it('ignores other paths', () => {
    expect(productRouteOf('/productos/x')).toBeNull();
    expect(productRouteOf('/tienda')).toBeNull();
  });
});

describe('isValidPermalink', () => {
  it('accepts slugs and refuses the rest', () => {
    expect(isValidPermalink('levis-501-original-2')).toBe(true);
    expect(isValidPermalink('-x')).toBe(false);
    expect(isValidPermalink('a--b')).toBe(false);
    expect(isValidPermalink('x'.repeat(201))).toBe(false);
  });
});
