/**
 * 'Exportar CSV': the products the list's filter matches, as a CSV import file (the import's own
 * columns, then id and precio_venta), named productos_{yyyy-MM-dd}.csv. Edited in a spreadsheet and
 * imported back, each row updates its product; imported back unchanged, nothing changes.
 */
import { todayInMexicoCity } from '@/lib/dates.ts';
import { downloadCsv } from '../analytics/download.ts';
import { csvFileName } from '../common/csv-export.ts';
import { callRpc } from '../providers/rpc.ts';
import { productsCsv } from './exportCsv.ts';

/** Downloads the export; answers how many products it holds. */
export async function exportProducts(filter: { search: string | null; campaign_id: string | null; only_active: boolean }): Promise<number> {
  const rows = await callRpc('export_products', { p_filter: filter as never });
  downloadCsv(csvFileName('productos', todayInMexicoCity()), productsCsv(rows));
  return rows.length;
}
