/**
 * Product permalinks as spec section 5 defines them, with the same slug rule as the product form
 * (src/lib/permalink.ts). The allocator does the -1, -2... suffixes in O(1) per product, which the
 * bulk generator needs at 100k products.
 */
import { slugifyPermalink } from '../../src/lib/permalink.ts';

/** The shared rule of src/lib (accents folded, so 'Cinturón Clásico' -> 'cinturon-clasico'). */
export function basePermalink(brand: string, name: string): string {
  return slugifyPermalink(brand, name);
}

/** Hands out unique permalinks: the base, then base-1, base-2... skipping every taken one. */
export class PermalinkAllocator {
  private readonly taken: Set<string>;
  private readonly nextSuffix = new Map<string, number>();

  constructor(taken: Iterable<string> = []) {
    this.taken = new Set(taken);
  }

  allocate(base: string): string {
    let candidate = base;
    let n = this.nextSuffix.get(base) ?? 0;
    while (this.taken.has(candidate)) {
      n += 1;
      candidate = `${base}-${n}`;
    }
    this.nextSuffix.set(base, n);
    this.taken.add(candidate);
    return candidate;
  }
}
