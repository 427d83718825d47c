/**
 * CSV files of the analytics screens, 'Avisos' and the messages inbox: Spanish headers, one row per
 * record, named `{report}_{yyyy-MM-dd}.csv`. A value holding a comma, a quote or a line break is quoted with its
 * quotes doubled. A text cell that starts with =, +, - or @ (or a tab / carriage return) gets a
 * leading single quote, so a shopper's search term can never run as a spreadsheet formula; numbers
 * are written as numbers.
 */
import Papa from 'papaparse';

export const CSV_REPORTS = [
  'busquedas_populares',
  'filtros_mas_usados',
  'productos_mas_vistos',
  'todas_las_estadisticas',
  'mensajes_contacto',
  'productos',
  'avisos_campanas',
  'avisos_tallas',
  'avisos_enviados',
  'avisos_codigos',
] as const;
export type CsvReport = (typeof CSV_REPORTS)[number];

export const NOTHING_TO_EXPORT = 'No hay datos para exportar';

export type CsvValue = string | number | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

/** Text a spreadsheet would read as a formula (checked on the whole value, line breaks included). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The CSV text of `rows` under `columns` (header line first, lines joined by CRLF); empty cells for null. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row) ?? null)),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

/** '{report}_{yyyy-MM-dd}.csv' for the given day. */
export function csvFileName(report: CsvReport, day: string): string {
  return `${report}_${day}.csv`;
}
