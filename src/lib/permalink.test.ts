import { describe, expect, it } from 'vitest';
import { generatePermalink, slugifyPermalink, uniquePermalink } from './permalink.ts';

describe('slugifyPermalink', () => {
  it("lowercases '{brand}-{name}' with spaces as hyphens", () => {
    expect(slugifyPermalink('Nike', 'Air Max 90')).toBe('nike-air-max-90');
  });
  it('removes characters outside a-z0-9 and collapses hyphens', () => {
    expect(slugifyPermalink('Levi’s', 'Jeans 501 (Original) -- Azul!')).toBe('levis-jeans-501-original-azul');
    expect(slugifyPermalink('A&F', '  Playera   básica  ')).toBe('af-playera-basica');
  });
  it('folds Spanish accents and ñ instead of dropping the letter', () => {
    expect(slugifyPermalink('Zara', 'Suéter Niño Cañón')).toBe('zara-sueter-nino-canon');
  });
  it('copes with an empty brand or name and trims end hyphens', () => {
    expect(slugifyPermalink('', 'Gorra')).toBe('gorra');
    expect(slugifyPermalink('Puma', null)).toBe('puma');
    expect(slugifyPermalink('-Puma-', '-')).toBe('puma');
    expect(slugifyPermalink('¡¡', '!!')).toBe('');
  });
});

describe('uniquePermalink', () => {
  it('keeps the base when free', () => {
    expect(uniquePermalink('nike-air', [])).toBe('nike-air');
  });
  it('appends -1, -2... until unique', () => {
    expect(uniquePermalink('nike-air', ['nike-air'])).toBe('nike-air-1');
    expect(uniquePermalink('nike-air', new Set(['nike-air', 'nike-air-1', 'nike-air-3']))).toBe('nike-air-2');
  });
  it('does not count the product itself as taken', () => {
    expect(uniquePermalink('nike-air', ['nike-air'], 'nike-air')).toBe('nike-air');
    expect(uniquePermalink('nike-air', ['nike-air', 'nike-air-1'], 'nike-air-1')).toBe('nike-air-1');
  });
});

describe('generatePermalink', () => {
  it('slugifies and de-duplicates', () => {
    expect(generatePermalink('Adidas', 'Samba OG', ['adidas-samba-og'])).toBe('adidas-samba-og-1');
  });
});
