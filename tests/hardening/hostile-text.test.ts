/**
 * Hostile text in the catalogue stays text in the built shop. A product named
 * `<script>alert(1)</script>` with an HTML-injecting description, of a brand and a category with
 * such names, is built into a small site (the same buildShop as `npm start` and the publish
 * workflow) and its page is read as a browser and a crawler would: the visible name, the meta and
 * og tags, the JSON-LD and the header search's result all carry the text literally, and none of
 * it survives as markup. The live views (grid, a product loaded live, its chat message, the
 * back office) are checked in a browser by tests/e2e/admin-hostile-text.spec.ts.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../scripts/lib/build.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { searchShop } from '../../src/data/shop.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { toSearchHit } from '../../src/lib/search.ts';
import * as F from '../db/fixture.ts';
import { sql, stack } from '../db/helpers.ts';

const NAME = '<script>alert(1)</script>';
const DESCRIPTION = '<img src=x onerror=alert(1)><script>alert(2)</script>';
// a quote first: it tries to close the attribute (a meta tag's content) it is written into
const BRAND = '"><img src=x onerror=alert(3)>';
const CATEGORY = '<script>alert(4)</script>';
const PERMALINK = 'producto-hostil';
const SITE = 'http://127.0.0.1:9';

let dir = '';
let html = '';

/** Entity-decoded text, as a browser reads an attribute or a text node. */
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos|#39);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()] ?? '';
    return String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)));
  });

const meta = (attr: 'name' | 'property', key: string): string | null => {
  const m = html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`));
  return m?.[1] === undefined ? null : decode(m[1]);
};

beforeAll(async () => {
  await F.loadFixture();
  await sql.query(
    `with b as (insert into public.brands (name, display_name) values ('hostil', $1) returning id),
          c as (insert into public.categories (nombre, orden) values ($2, 9) returning id)
     insert into public.products (campaign_id, category_id, brand_id, marca, nombre, descripcion,
         precio_original, precio_venta, permalink)
     select $3, c.id, b.id, $1, $4, $5, 900, 500, $6 from b, c`,
    [BRAND, CATEGORY, F.C_ACTIVE, NAME, DESCRIPTION, PERMALINK],
  );
  dir = await mkdtemp(join(tmpdir(), 'outlet-hostile-'));
  const started = performance.now();
  await buildShop({ supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: SITE, root: ROOT, outDir: dir, quiet: true });
  console.info(`Sitio con el producto hostil construido en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  html = await readFile(join(dir, 'producto', PERMALINK, 'index.html'), 'utf8');
}, 300_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a product with hostile names, built into the shop', () => {
  it('keeps no markup of the hostile text anywhere in the page source', () => {
    // Inside a quoted attribute value '<' is text (a meta tag's content may hold it as is); the
    // value ends only at a quote, which must be escaped. So the markup is what is left once every
    // quoted value is emptied: a quote let through would leave the injected tag outside.
    const markup = html.replace(/="[^"]*"/g, '=""');
    expect(markup).not.toContain('<script>alert');
    expect(markup).not.toMatch(/<img[^>]*onerror/i);
    expect(markup).not.toMatch(/<[^>]*\son\w+=/i);
    // the name shows escaped, as the shopper reads it
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('carries the name literally in the title, description, og and twitter tags', () => {
    expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '')).toContain(NAME);
    expect(meta('property', 'og:title')).toContain(NAME);
    expect(meta('name', 'twitter:title')).toContain(NAME);
    expect(meta('name', 'description')).toContain(BRAND);
    expect(meta('property', 'og:description')).toContain(BRAND);
  });

  it('writes JSON-LD that no text can close, with the name intact', () => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).not.toContain('<');
    const product = blocks.map((b) => JSON.parse(b)).find((d) => d['@type'] === 'Product');
    expect(product?.name).toBe(NAME);
    expect(JSON.stringify(product)).toContain(BRAND);
  });

  it('gives the header search the name as text (what the list shows)', async () => {
    const page = await searchShop(createShopClient(stack.url, stack.anonKey), 'alert(1)');
    const hits = page.products.map((p) => toSearchHit(p, 'off'));
    expect(hits.map((h) => [h.title, h.brand, h.url])).toEqual([[NAME, BRAND, `/producto/${PERMALINK}/`]]);
  });
});
