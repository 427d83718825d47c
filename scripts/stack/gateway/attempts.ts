/**
 * Counts attempts per key (a client address, an account) over a sliding window and says when a key
 * has used up its allowance. Kept in memory: the local gateway is one process, and a restart clearing
 * the counts is harmless next to the bcrypt cost of every attempt.
 */
export class AttemptWindow {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  #hits = new Map<string, number[]>();

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.#limit = limit;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** The attempts of `key` still inside the window. */
  #recent(key: string): number[] {
    const since = this.#now() - this.#windowMs;
    const kept = (this.#hits.get(key) ?? []).filter((t) => t > since);
    if (kept.length > 0) this.#hits.set(key, kept);
    else this.#hits.delete(key);
    return kept;
  }

  /** True when `key` has no attempt left in the window. */
  exhausted(key: string): boolean {
    return this.#recent(key).length >= this.#limit;
  }

  /** Records one attempt of `key`. */
  record(key: string): void {
    this.#hits.set(key, [...this.#recent(key), this.#now()]);
  }

  /** Forgets `key` (an account that signed in correctly starts afresh). */
  clear(key: string): void {
    this.#hits.delete(key);
  }
}
