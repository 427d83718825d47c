/**
 * The product list's export as CSV text: the CSV import's own columns, then id and precio_venta, so
 * the file imports back (parseCsvFile) as the same products. Pure.
 */
import { CSV_COLUMNS, CSV_EXPORT_COLUMNS } from './csv-import.ts';
import { type CsvColumn, toCsv } from '../common/csv-export.ts';
import type { ExportedProduct } from '../providers/rpc.ts';

const COLUMNS: CsvColumn<ExportedProduct>[] = [...CSV_COLUMNS, ...CSV_EXPORT_COLUMNS].map((header) => ({
  header,
  value: (row) => row[header] as string | number | null,
}));

export function productsCsv(rows: readonly ExportedProduct[]): string {
  return toCsv(COLUMNS, rows);
}
