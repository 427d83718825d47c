import { describe, expect, it } from 'vitest';
import { toCsv } from '../common/csv-export.ts';
import { allColumns, allItems, fromPeriodMetrics } from './summaries.ts';

const FIRST = '2026-11-20T15:00:00Z';
const LAST = '2026-11-24T18:30:00Z';
const metric = (metric_type: string, metric_label: string, count: number, unique_sessions = 1, metric_value = metric_label) => ({
  metric_type,
  metric_value,
  metric_label,
  count,
  unique_sessions,
  first_at: FIRST,
  last_at: LAST,
});
const times = { first: FIRST, last: LAST };

const t = (key: string, options?: object) =>
  key === 'app.analytics.kind_filter' ? `Filtro: ${(options as { type: string }).type}` : key.split('.').pop()!;

describe('fromPeriodMetrics', () => {
  it('splits period metrics into searches, filters (raw type kept) and products, largest count first, with their first and last time', () => {
    const lists = fromPeriodMetrics([
      metric('search', 'vestido', 3, 2),
      metric('filter_brand', 'Nike', 5, 4),
      metric('product_click', 'Vestido Midi', 2, 2, 'vestido-midi'),
      metric('search', 'jeans', 7, 5),
    ]);
    expect(lists.searches).toEqual([
      { term: 'jeans', count: 7, sessions: 5, ...times },
      { term: 'vestido', count: 3, sessions: 2, ...times },
    ]);
    expect(lists.filters).toEqual([{ type: 'brand', value: 'Nike', count: 5, sessions: 4, ...times }]);
    expect(lists.products).toEqual([{ name: 'Vestido Midi', permalink: 'vestido-midi', count: 2, sessions: 2, ...times }]);
  });

  it('keeps the top 20 of each list', () => {
    const rows = Array.from({ length: 25 }, (_, i) => metric('search', `término ${i}`, 100 - i));
    const lists = fromPeriodMetrics(rows);
    expect(lists.searches).toHaveLength(20);
    expect(lists.searches.at(-1)?.term).toBe('término 19');
  });
});

describe('todas_las_estadisticas', () => {
  it('has one line per search, filter (with its type in Spanish) and product', () => {
    const lists = fromPeriodMetrics([
      metric('search', '=cmd', 1),
      metric('filter_size', 'M', 2),
      metric('product_click', 'Bolsa', 3, 1, 'bolsa'),
    ]);
    expect(toCsv(allColumns(t), allItems(lists, t)).split('\r\n').slice(1)).toEqual([
      // Mexico City times (UTC-6)
      `kind_search,"'=cmd",1,1,20/11/2026 09:00,24/11/2026 12:30`,
      'Filtro: Talla,M,2,1,20/11/2026 09:00,24/11/2026 12:30',
      'kind_product,Bolsa,3,1,20/11/2026 09:00,24/11/2026 12:30',
    ]);
  });
});
