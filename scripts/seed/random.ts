/** Tiny deterministic PRNG helpers for the demo data: the same seed always gives the same sequence. */

/** 32-bit FNV-1a hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** float in [0, 1) */
  next(): number;
  /** integer in [min, max] (both inclusive) */
  int(min: number, max: number): number;
  /** true with probability p */
  chance(p: number): boolean;
  /** one element of a non-empty array */
  pick<T>(items: readonly T[]): T;
  /** a shuffled copy */
  shuffle<T>(items: readonly T[]): T[];
  /** a lowercase base-36 token of the given length */
  token(length: number): string;
}

export function createRng(seed: number | string): Rng {
  const next = generator(typeof seed === 'string' ? hash(seed) : seed >>> 0);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error('pick() de una lista vacía');
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    token(length: number): string {
      let s = '';
      while (s.length < length) s += Math.floor(next() * 36).toString(36);
      return s;
    },
  };
}
