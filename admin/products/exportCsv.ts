/**
 * The product list's export as CSV text: the CSV import's own columns, then id and precio_venta, so
 * the file imports back (parseCsvFile) as the same products. Pure.
 */
import type { Database } from '@/data/database.types.ts';
import { CSV_COLUMNS, CSV_EXPORT_COLUMNS } from '@/lib/csv-import.ts';
import { type CsvColumn, toCsv } from '../common/csv-export.ts';

/** A product as the export writes it (public.export_products). */
export type ExportedProduct = Database['public']['Functions']['export_products']['Returns'][number];

const COLUMNS: CsvColumn<ExportedProduct>[] = [...CSV_COLUMNS, ...CSV_EXPORT_COLUMNS].map((header) => ({
  header,
  value: (row) => row[header] as string | number | null,
}));

export function productsCsv(rows: readonly ExportedProduct[]): string {
  return toCsv(COLUMNS, rows);
}
