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
    expect(linkTarget('/producto/vestido-midi#tallas')).toEqual({ href: '/producto/vestido-midi#tallas', external: false });
  });

  it('treats the paths a browser sends to another site as external, never as a shop route', () => {
    expect(linkTarget('//evil.example/x')).toEqual({ href: 'https://evil.example/x', external: true });
    expect(linkTarget('/\\evil.example/x')).toEqual({ href: 'https://evil.example/x', external: true });
    expect(linkTarget('\\\\evil.example')).toEqual({ href: 'https://evil.example/', external: true });
  });

  it('gives no link for other schemes', () => {
    expect(linkTarget('javascript:alert(1)')).toBeNull();
    expect(linkTarget(' JavaScript:alert(1)')).toBeNull();
    expect(linkTarget('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(linkTarget('mailto:hola@example.com')).toBeNull();
  });

  it('gives no link when empty', () => {
    expect(linkTarget(null)).toBeNull();
    expect(linkTarget(undefined)).toBeNull();
    expect(linkTarget('  ')).toBeNull();
  });
});
