/** The wizard's pure rules: what a new campaign needs, and a CSV row as the import function takes it. */
import type { CsvProductRow } from '../csv-import.ts';
import type { ImportProduct } from '../../../supabase/functions/_shared/import-product.ts';

const T = 'app.products.import';

/**
 * Why a new campaign cannot be created (a message key), or null: name, start and end are required,
 * the end is not before the start, and the campaign has not already ended (only running campaigns
 * can receive an import).
 */
export function campaignProblem(nombre: string, start: string, end: string, today: string): string | null {
  if (!nombre.trim() || !start || !end) return `${T}.campaign_fields_required`;
  if (end < start) return `${T}.campaign_end_before_start`;
  if (end < today) return `${T}.campaign_ended`;
  return null;
}

/** A row as the import function takes it; import_key ties it to this file and row, so a retried batch duplicates nothing. */
export function toImportProduct(row: CsvProductRow, fileHash: string): ImportProduct {
  return {
    nombre: row.nombre,
    costo_compra: row.costo_compra,
    precio_original: row.precio_original,
    precio_venta: row.precio_venta,
    imagenes: row.imagenes,
    tallas: row.tallas,
    existencias: row.existencias,
    descripcion: row.descripcion,
    categoria: row.categoria,
    subcategoria: row.subcategoria,
    link_externo: row.link_externo,
    import_key: `${fileHash}:${row.row}`,
    id: row.id,
  };
}
