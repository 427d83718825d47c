/**
 * Permalinks for rows the seed inserts in batches. The database owns the rule "base, base-1, base-2"
 * (SQL unique_permalink), but it cannot assign permalinks on a batch insert: the column has no default,
 * unique_permalink answers one base per call for a signed-in admin and reserves nothing, so two
 * products with the same base in one batch would both get the same answer. The seed therefore hands
 * out the suffixes itself, in memory, starting from the permalinks already in the database; the
 * unique index still refuses any duplicate.
 */

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
