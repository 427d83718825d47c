import { describe, expect, it } from 'vitest';
import { ISLAND_STYLE, islandStyleInHead } from './island-style.ts';

describe('islandStyleInHead', () => {
  it('moves the style Astro writes before the first island into the head', () => {
    const html = `<html><head><title>T</title></head><body><header><div>${ISLAND_STYLE}<astro-island></astro-island></div></header></body></html>`;
    expect(islandStyleInHead(html)).toBe(
      `<html><head><title>T</title>${ISLAND_STYLE}</head><body><header><div><astro-island></astro-island></div></header></body></html>`,
    );
  });

  it('leaves a page without islands, or with the style already in its head, as it is', () => {
    const plain = '<html><head></head><body><p>Hola</p></body></html>';
    expect(islandStyleInHead(plain)).toBe(plain);
    const done = `<html><head>${ISLAND_STYLE}</head><body></body></html>`;
    expect(islandStyleInHead(done)).toBe(done);
  });
});
