/**
 * bulk-import-products-batch: imports one batch of the CSV import wizard.
 *
 * Who may call it: an admin (an owner or an editor, as the database says: _shared/http.ts callerOf)
 * or the service role. No Authorization header, or one that is not a valid session, gets 401; anyone
 * else (a deactivated account, a password-only session of a person with a second factor) gets 403.
 *
 * Body: { "products": [...], "campaign_id": uuid, "brand_id": uuid, "batch_size"?: number }, each
 * product the fields of _shared/import-product.ts (nombre, prices, imagenes, tallas, import_key...)
 * and optionally its CSV row number `fila`. A body of another shape
 * gets 400 with what is wrong. Only those product fields are passed on, each checked to be of its
 * kind (text, number or text list) first.
 *
 * The batch is one call of the database function import_products_batch made as the caller (its
 * own session, so the admin check and RLS apply): it lands whole or not at all, and rows already
 * imported (same import_key) are skipped, so a retry creates no duplicates. Answer (200):
 * { success_count, error_count, errors }; when the database refuses the batch, every product of it
 * counts as an error and errors holds the reason, and the wizard goes on with the next batch.
 * After a batch that refreshed the shop's statistics, the shop's tables are vacuumed before the
 * answer (_shared/settle.ts), so the filters are as fast as ever right after the import.
 */

import { adminOnly, CORS, databaseError, json, required } from '../_shared/http.ts';
import { IMPORT_PRODUCT_FIELDS } from '../_shared/import-product.ts';
import { settleShopTables } from '../_shared/settle.ts';

interface Batch {
  products: unknown[];
  campaign_id: string;
  brand_id: string;
}

interface Outcome {
  success_count: number;
  error_count: number;
  errors: string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PRODUCTS = 500;

/** The words of the database function for the same mistakes. */
const WRONG_KIND = {
  text: 'debe ser un texto',
  amount: 'no es un número',
  count: 'debe ser un número entero de 0 a 9999',
  texts: 'debe ser una lista de textos',
} as const;

/**
 * Each product reduced to the fields the import reads, each of the kind it must be: the products, or
 * the reason (worded as the database function words its own, 'Fila 3 (Playera): tallas debe ser una
 * lista de textos') the batch is refused. Other fields are dropped, so nothing else a caller sends
 * (deeply nested values included, which the database's JSON reader cannot take) reaches the database.
 */
function cleanProducts(products: unknown[]): { products: Record<string, unknown>[] } | { refused: string } {
  const out: Record<string, unknown>[] = [];
  for (const [index, product] of products.entries()) {
    const item = product as Record<string, unknown>;
    const fila = item['fila'];
    // the wizard's CSV row number, as the database function reads it
    const row = (typeof fila === 'number' || typeof fila === 'string') && /^[0-9]{1,9}$/.test(String(fila)) ? String(fila) : null;
    const clean: Record<string, unknown> = row === null ? {} : { fila: row };
    for (const [field, kind] of Object.entries(IMPORT_PRODUCT_FIELDS)) {
      const value = item[field];
      if (value === undefined || value === null) continue;
      const ok =
        kind === 'text'
          ? typeof value === 'string'
          : kind === 'amount'
            ? typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
            : kind === 'count'
              ? typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 9999
              : Array.isArray(value) && value.every((v) => typeof v === 'string');
      if (!ok) {
        const nombre = typeof item['nombre'] === 'string' ? item['nombre'].trim() : '';
        return { refused: `Fila ${row ?? index + 1}${nombre ? ` (${nombre.slice(0, 60)})` : ''}: ${field} ${WRONG_KIND[kind]}` };
      }
      clean[field] = value;
    }
    out.push(clean);
  }
  return { products: out };
}

/** The batch, or the Spanish reason the body is not one. */
function parseBody(text: string): Batch | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'El cuerpo debe ser JSON: { "products": [...], "campaign_id": "...", "brand_id": "...", "batch_size": 50 }.';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'El cuerpo debe ser un objeto JSON con products, campaign_id y brand_id.';
  }
  const { products, campaign_id, brand_id, batch_size } = body as Record<string, unknown>;
  if (campaign_id == null || campaign_id === '' || brand_id == null || brand_id === '') {
    return 'Debe seleccionar campaña y marca';
  }
  if (typeof campaign_id !== 'string' || !UUID.test(campaign_id)) return 'campaign_id no es un identificador válido.';
  if (typeof brand_id !== 'string' || !UUID.test(brand_id)) return 'brand_id no es un identificador válido.';
  if (!Array.isArray(products) || products.length === 0) return 'products debe ser una lista con al menos un producto.';
  if (products.length > MAX_PRODUCTS) return `Un lote admite como máximo ${MAX_PRODUCTS} productos.`;
  if (products.some((p) => typeof p !== 'object' || p === null || Array.isArray(p))) {
    return 'Cada elemento de products debe ser un objeto.';
  }
  if (batch_size !== undefined && (typeof batch_size !== 'number' || !Number.isInteger(batch_size) || batch_size < 1)) {
    return 'batch_size debe ser un número entero positivo.';
  }
  return { products, campaign_id, brand_id };
}

/** Spanish words for the database's own errors (its messages are English), by SQLSTATE. */
const DATABASE_ERRORS: Record<string, string> = {
  '22001': 'un texto es demasiado largo',
  '22003': 'un número está fuera del rango que admite el catálogo',
  '22P02': 'un valor no tiene el formato esperado',
  '22P05': 'un texto tiene caracteres no admitidos',
  '23502': 'falta un dato obligatorio',
  '23505': 'un producto con esos datos ya existe',
  '23514': 'un valor no cumple las reglas del catálogo',
  '54001': 'los datos están anidados demasiado',
};

/**
 * Why the database refused the batch, in Spanish. The import's own exceptions are already Spanish
 * ('Fila 3 (Playera): Precio es requerido') and pass as they are; Postgres's own (which start in
 * lowercase English) are replaced by what they mean.
 */
function reasonOf(status: number, text: string): string {
  const error = databaseError(text);
  if (!error) return `La base de datos no aceptó el lote (respuesta ${status}). No se importó ningún producto de este lote.`;
  if (error.spanish) return error.spanish;
  return `La base de datos no aceptó el lote: ${DATABASE_ERRORS[error.code] ?? `error ${error.code || status}`}. No se importó ningún producto de este lote.`;
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });

  const allowed = await adminOnly(req);
  if (allowed instanceof Response) return allowed;

  const batch = parseBody(await req.text());
  if (typeof batch === 'string') return json(400, { error: batch });
  const cleaned = cleanProducts(batch.products);
  if ('refused' in cleaned) {
    return json(200, { success_count: 0, error_count: batch.products.length, errors: [cleaned.refused] } satisfies Outcome);
  }

  // As the caller: an admin's session with the public key; the service role with its own key.
  const apikey = allowed.caller.kind === 'service' ? allowed.token : required('SUPABASE_ANON_KEY');
  let res: Response;
  try {
    res = await fetch(`${required('SUPABASE_URL')}/rest/v1/rpc/import_products_batch`, {
      method: 'POST',
      headers: { apikey, authorization: `Bearer ${allowed.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_campaign_id: batch.campaign_id, p_brand_id: batch.brand_id, p_products: cleaned.products }),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return json(200, { success_count: 0, error_count: batch.products.length, errors: [message] } satisfies Outcome);
  }
  const text = await res.text();
  if (!res.ok) {
    return json(200, {
      success_count: 0,
      error_count: batch.products.length,
      errors: [reasonOf(res.status, text)],
    } satisfies Outcome);
  }
  const outcome = JSON.parse(text) as Outcome;
  // a batch that grew the catalogue enough to refresh the statistics also leaves the shop's tables
  // ready for the shoppers' filters (../_shared/settle.ts); any other batch finds nothing to do
  if (outcome.success_count > 0) await settleShopTables();
  return json(200, {
    success_count: outcome.success_count,
    error_count: outcome.error_count,
    errors: outcome.errors,
  } satisfies Outcome);
}
