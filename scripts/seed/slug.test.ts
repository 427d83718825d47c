import { describe, expect, it } from 'vitest';
import { PERMALINK_SLUG_MAX, slugifyPermalink } from './slug.ts';

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

describe('long names', () => {
  it('cut the permalink at the end of the last whole word within 190 characters', () => {
    const name = Array.from({ length: 60 }, (_, i) => `palabra${i}`).join(' ');
    const slug = slugifyPermalink('Marca', name);
    expect(slug.length).toBeLessThanOrEqual(PERMALINK_SLUG_MAX);
    expect(slug).toMatch(/^marca-palabra0-palabra1-.*-palabra\d+$/);
    expect(`${name.toLowerCase().replace(/ /g, '-')}-`).toContain(`${slug.slice('marca-'.length)}-`);
    expect(slugifyPermalink('', 'x'.repeat(500))).toBe('x'.repeat(190));
  });
});
