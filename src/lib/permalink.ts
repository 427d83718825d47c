/** Product permalinks: '{brand}-{name}' slugified, made unique with -1, -2... */

/**
 * Lowercase '{brand}-{name}', whitespace to hyphens, characters outside a-z0-9 and '-' removed, repeated
 * hyphens collapsed. Accents are folded first ('Básica' → 'basica', 'ñ' → 'n') so Spanish words stay
 * readable, and hyphens at the ends are trimmed.
 */
export function slugifyPermalink(brand: string | null | undefined, name: string | null | undefined): string {
  const raw = [brand ?? '', name ?? ''].map((s) => s.trim()).filter(Boolean).join('-');
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The first of base, base-1, base-2... not in `taken`. `own` is the product's current permalink, which
 * does not count as taken (editing a product keeps its own permalink).
 */
export function uniquePermalink(base: string, taken: Iterable<string>, own?: string | null): string {
  const used = new Set(taken);
  if (own) used.delete(own);
  if (!used.has(base)) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Slugify then make unique: the permalink the product form shows. */
export function generatePermalink(
  brand: string | null | undefined,
  name: string | null | undefined,
  taken: Iterable<string>,
  own?: string | null,
): string {
  return uniquePermalink(slugifyPermalink(brand, name), taken, own);
}
