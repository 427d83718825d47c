/**
 * One product of a CSV import as the import function takes it: the one definition of its fields.
 * The back office builds these (admin/products/import/rules.ts), bulk-import-products-batch checks
 * each field's kind and passes only these on, and SQL import_products_batch (supabase/schemas/
 * 13_import.sql) reads the same names from the JSON; tests/db/import-products.test.ts sends every
 * field through and checks where each lands. Plain TypeScript with no imports: it runs in Deno (the
 * Edge Function) and in the browser bundle alike.
 */

/** Each field and the kind of JSON value it may hold (null or absent is always allowed). */
export const IMPORT_PRODUCT_FIELDS = {
  nombre: 'text',
  descripcion: 'text',
  categoria: 'text',
  subcategoria: 'text',
  link_externo: 'text',
  /** '<file hash>:<row>': the same row of the same file imported again is skipped, so a retried batch duplicates nothing. */
  import_key: 'text',
  /** An existing product's id (a file exported from the product list): the row updates that product. */
  id: 'text',
  costo_compra: 'amount',
  precio_original: 'amount',
  precio_venta: 'amount',
  imagenes: 'texts',
  /** Each size, optionally with its pieces: 'M:3' (no count: one piece). */
  tallas: 'texts',
  /** The pieces of a product without sizes, 0 to 9999 (null: 1 for a new product, unchanged for an update). */
  existencias: 'count',
} as const;

export type ImportFieldKind = (typeof IMPORT_PRODUCT_FIELDS)[keyof typeof IMPORT_PRODUCT_FIELDS];

interface KindValue {
  text: string;
  /** a number, or its text as the CSV had it ('1299.00') */
  amount: number | string;
  texts: string[];
  /** a whole number */
  count: number;
}

/** A product as the back office sends it: every field, null where the CSV gave nothing. */
export type ImportProduct = { -readonly [F in keyof typeof IMPORT_PRODUCT_FIELDS]: KindValue[(typeof IMPORT_PRODUCT_FIELDS)[F]] | null };
