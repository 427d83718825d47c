import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headerRules,
  headersFor,
  inlineScriptHashes,
  parseHeaders,
  renderHeaders,
} from '../../scripts/lib/host-config.ts';

describe('inlineScriptHashes', () => {
  it('hashes inline scripts and modules, not JSON-LD data nor external scripts', () => {
    const html = `<script>alert(1)</script><script type="module">go()</script>
      <script type="application/ld+json">{"@type":"Product"}</script><script src="/_astro/a.js"></script>`;
    // sha256 of 'alert(1)' and of 'go()', base64
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw='",
    ]);
  });
});

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy('https://abc.supabase.co/', ["'sha256-b'", "'sha256-a'", "'sha256-a'"]);

  it('lets scripts come only from the site and the hashed inline scripts; WebAssembly compiles (the search index), eval never runs', () => {
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-a' 'sha256-b';");
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it('lets the pages talk to the Supabase project only, and never be framed', () => {
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self' https://wa.me");
  });
});

describe('_headers', () => {
  const rules = parseHeaders(renderHeaders(headerRules("default-src 'self'")));

  it('reads back what it writes', () => {
    expect(rules).toEqual(headerRules("default-src 'self'"));
  });

  it('caches hashed assets for a year and leaves pages to revalidate', () => {
    expect(headersFor(rules, '/_astro/client.Ab12.js')).toContainEqual(['Cache-Control', 'public, max-age=31536000, immutable']);
    // the search index's chunks are named by their content; its entry points are not, and revalidate
    expect(headersFor(rules, '/pagefind/index/es_3f2a1b9.pf_index')).toContainEqual([
      'Cache-Control',
      'public, max-age=31536000, immutable',
    ]);
    expect(headersFor(rules, '/pagefind/fragment/es_group_0827467.pf_fragment')).toContainEqual([
      'Cache-Control',
      'public, max-age=31536000, immutable',
    ]);
    for (const entry of ['/pagefind/pagefind.js', '/pagefind/pagefind-entry.json', '/pagefind/wasm.es.pagefind']) {
      expect(headersFor(rules, entry).map(([name]) => name)).not.toContain('Cache-Control');
    }
    const page = headersFor(rules, '/producto/tenis-nike');
    expect(page.map(([name]) => name)).toEqual(['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'X-Frame-Options']);
    expect(page).toContainEqual(['X-Content-Type-Options', 'nosniff']);
  });

  it('ignores comments and blank lines', () => {
    expect(parseHeaders('# comment\n\n/a\n  X-A: 1\n')).toEqual([{ pattern: '/a', headers: [['X-A', '1']] }]);
  });
});
