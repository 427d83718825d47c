/**
 * Product permalinks: the slug of '{brand}-{name}' (the product form's preview and the seed). Making it
 * unique (base, base-1, base-2...) is the database's rule, SQL `unique_permalink`.
 */

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
