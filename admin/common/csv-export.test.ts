import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvFileName, toCsv } from './csv-export.ts';

interface Row {
  term: string | null;
  count: number;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Término de búsqueda', value: (r) => r.term },
  { header: 'Cantidad', value: (r) => r.count },
];

const lines = (csv: string) => csv.split('\r\n');

describe('toCsv', () => {
  it('writes Spanish headers, then one line per row', () => {
    expect(lines(toCsv(columns, [{ term: 'vestido', count: 3 }]))).toEqual(['Término de búsqueda,Cantidad', 'vestido,3']);
  });

  it('quotes values with commas, quotes or line breaks and doubles the quotes', () => {
    const csv = toCsv(columns, [
      { term: 'rojo, azul', count: 1 },
      { term: 'jeans "slim"', count: 2 },
      { term: 'dos\nlíneas', count: 3 },
    ]);
    expect(csv).toBe('Término de búsqueda,Cantidad\r\n"rojo, azul",1\r\n"jeans ""slim""",2\r\n"dos\nlíneas",3');
  });

  it('neutralises text that a spreadsheet would run as a formula', () => {
    const csv = toCsv(columns, [
      { term: '=HYPERLINK("http://x","y")', count: 1 },
      { term: '+52 55', count: 2 },
      { term: '-1', count: 3 },
      { term: '@SUM(A1)', count: 4 },
      { term: '=a\nb', count: 5 },
    ]);
    expect(lines(csv).slice(1, 5)).toEqual([`"'=HYPERLINK(""http://x"",""y"")",1`, `"'+52 55",2`, `"'-1",3`, `"'@SUM(A1)",4`]);
    expect(csv.endsWith(`"'=a\nb",5`)).toBe(true);
  });

  it('exports markup in a term as the plain text it is, unescaped (a spreadsheet shows it as typed)', () => {
    const csv = toCsv(columns, [
      { term: '<script>alert(1)</script>', count: 1 },
      { term: '<img src=x onerror=alert(1)>', count: 2 },
    ]);
    expect(lines(csv).slice(1)).toEqual(['<script>alert(1)</script>,1', '<img src=x onerror=alert(1)>,2']);
  });

  it('keeps numbers as numbers, negative ones included, and writes nothing for a missing value', () => {
    expect(lines(toCsv(columns, [{ term: null, count: -2 }]))[1]).toBe(',-2');
  });

  it('writes only the headers when there are no rows', () => {
    expect(toCsv(columns, []).trimEnd()).toBe('Término de búsqueda,Cantidad');
  });
});

describe('csvFileName', () => {
  it('is {report}_{yyyy-MM-dd}.csv', () => {
    expect(csvFileName('busquedas_populares', '2026-11-23')).toBe('busquedas_populares_2026-11-23.csv');
    expect(csvFileName('todas_las_estadisticas', '2026-01-05')).toBe('todas_las_estadisticas_2026-01-05.csv');
  });
});
