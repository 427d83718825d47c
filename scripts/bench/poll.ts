/** Waiting in the benches: for a time, or until something a person would see is true. */

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it is true; returns the time it was first seen true, or fails after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<number> {
  const limit = performance.now() + timeoutMs;
  while (performance.now() < limit) {
    if (await check()) return performance.now();
    await wait(50);
  }
  throw new Error(`Tiempo agotado esperando ${what}`);
}
