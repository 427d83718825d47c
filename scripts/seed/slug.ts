/**
 * The seed's product permalinks: the slug of '{brand}-{name}', made here because the seed inserts
 * products in batches. The slug rule belongs to the database (SQL private.permalink_base, which the
 * product form and the CSV import use): tests/db/seed.test.ts checks that every product the seed makes
 * gets the same slug here as there. Making it unique (base, base-1, base-2...) is permalink.ts.
 */

/**
 * Longest slug: a permalink may have 200 characters (the table's rule), and the database may add a
 * '-N' to make it unique. The same limit as the CSV import's.
 */
export const PERMALINK_SLUG_MAX = 190;

/**
 * Lowercase '{brand}-{name}', whitespace to hyphens, characters outside a-z0-9 and '-' removed, repeated
 * hyphens collapsed. Accents are folded first ('Básica' → 'basica', 'ñ' → 'n') so Spanish words stay
 * readable, and hyphens at the ends are trimmed. A longer slug than PERMALINK_SLUG_MAX is cut at the
 * end of its last whole word that fits.
 */
export function slugifyPermalink(brand: string | null | undefined, name: string | null | undefined): string {
  const slug = fullSlug(brand, name);
  if (slug.length <= PERMALINK_SLUG_MAX) return slug;
  const cut = slug.slice(0, PERMALINK_SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, PERMALINK_SLUG_MAX)).replace(/-+$/, '');
}

function fullSlug(brand: string | null | undefined, name: string | null | undefined): string {
  const raw = [brand ?? '', name ?? '']
    .map((s) => s.trim())
    .filter(Boolean)
    .join('-');
  return raw
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}
