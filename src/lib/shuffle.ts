/** Deterministic shuffle: the same set of product ids always gives the same order, on every build. */

/** 32-bit FNV-1a hash of a string. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The items in an order seeded by their ids: independent of the input order, stable while the set of ids
 * stays the same, different when it changes. The input is not modified.
 */
export function shuffleByIds<T extends { id: string }>(items: readonly T[]): T[] {
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const random = generator(hash(sorted.map((i) => i.id).join('|')));
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j] as T, sorted[i] as T];
  }
  return sorted;
}

/** Featured products the home carousel shows: six slides of four. The home must not grow with the catalogue. */
export const HOME_FEATURED_MAX = 24;

/** The home carousel's products: the featured ones in their seeded order, at most HOME_FEATURED_MAX. */
export function homeFeatured<T extends { id: string }>(featured: readonly T[]): T[] {
  return shuffleByIds(featured).slice(0, HOME_FEATURED_MAX);
}
