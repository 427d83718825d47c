import { describe, expect, it } from 'vitest';
import { linkTarget } from './links.ts';

describe('linkTarget', () => {
  it('opens http and https links in a new tab', () => {
    expect(linkTarget('https://www.levi.com/MX/es_MX/')).toEqual({ href: 'https://www.levi.com/MX/es_MX/', external: true });
    expect(linkTarget('http://example.com')).toEqual({ href: 'http://example.com', external: true });
  });

  it('keeps any other link in the app, as an absolute route', () => {
    expect(linkTarget('/tienda?brand=1')).toEqual({ href: '/tienda?brand=1', external: false });
    expect(linkTarget('tienda')).toEqual({ href: '/tienda', external: false });
  });

  it('gives no link when empty', () => {
    expect(linkTarget(null)).toBeNull();
    expect(linkTarget(undefined)).toBeNull();
    expect(linkTarget('  ')).toBeNull();
  });
});
