/**
 * The header search's index (Pagefind), written from the catalogue rather than read back from the
 * built pages: one record per product page (src/lib/search-record.ts), from the same anon query the
 * pages are built from. Parsing 10,000 pages of HTML took 10 s; adding the records takes 3 and can
 * run while the pages render.
 */
import * as pagefind from 'pagefind';
import { getActiveProducts } from '../../src/data/product.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { type SearchRecord, searchRecord } from '../../src/lib/search-record.ts';

/** Every product page's record, as a shopper's anon key reads the catalogue. */
export async function searchRecords(supabaseUrl: string, anonKey: string): Promise<SearchRecord[]> {
  return (await getActiveProducts(createShopClient(supabaseUrl, anonKey))).map(searchRecord);
}

/** Writes the index of `records` to `outputPath` (the site's /pagefind folder). Returns the pages indexed. */
export async function writeSearchIndex(records: SearchRecord[], outputPath: string): Promise<number> {
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(errors.join('; '));
    const added = await Promise.all(records.map((record) => index.addCustomRecord(record)));
    const failed = added.flatMap((a) => a.errors);
    if (failed.length > 0) throw new Error(failed.join('; '));
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length > 0) throw new Error(written.errors.join('; '));
    return records.length;
  } catch (error) {
    throw new Error(`No se pudo crear el índice de búsqueda: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await pagefind.close();
  }
}
