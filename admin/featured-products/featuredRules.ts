/** The 'Destacados' page's rules: moving a product in the order, and reading a typed sale price. */

/** The ids with the one at `from` moved to `to` (both clamped to the list); the input is left alone. */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const out = [...ids];
  const target = Math.max(0, Math.min(out.length - 1, to));
  if (from < 0 || from >= out.length || from === target) return out;
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved as string);
  return out;
}

/** A typed sale price in pesos with up to two decimals, greater than 0; null when it is not one. */
export function parseSalePrice(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value > 0 && value < 100_000_000 ? value : null;
}
