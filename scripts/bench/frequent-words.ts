/**
 * The search terms a shopper types most: the catalogue's own most frequent words (garments, brands,
 * colours), as they are written, accents included. Pure: it takes the words with the number of
 * visible products holding each and picks the terms, never touching the database.
 */

/** A word of the visible products' names and marcas, lowercased as written, with its products. */
export interface WordCount {
  word: string;
  products: number;
}

/** How many frequent terms the bench asks, and how many of them at least carry an accent. */
export const FREQUENT_TERMS = 24;
export const ACCENTED_TERMS = 4;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const accented = (s: string) => fold(s) !== s;

/**
 * The `count` words held by the most products (four letters or more, letters only: what a shopper
 * types as one word), most frequent first; when fewer than `withAccent` of them carry an accent,
 * the most frequent accented words take the places of the least frequent plain ones. A word and its
 * spelling without accents count as one ('café', 'cafe'): the more frequent spelling is kept.
 */
export function frequentTerms(words: readonly WordCount[], count = FREQUENT_TERMS, withAccent = ACCENTED_TERMS): string[] {
  const seen = new Set<string>();
  const ranked = [...words]
    .filter((w) => w.products > 0 && /^\p{L}{4,}$/u.test(w.word))
    .sort((a, b) => b.products - a.products || a.word.localeCompare(b.word))
    .filter((w) => {
      const key = fold(w.word);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((w) => w.word);
  const top = ranked.slice(0, count);
  const missing = withAccent - top.filter(accented).length;
  if (missing <= 0) return top;
  const extra = ranked.slice(count).filter(accented).slice(0, missing);
  const plain = top.filter((w) => !accented(w));
  const dropped = new Set(plain.slice(plain.length - extra.length));
  return [...top.filter((w) => !dropped.has(w)), ...extra];
}
