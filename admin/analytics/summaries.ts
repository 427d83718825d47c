/**
 * The three top lists of the Analytics screen (searches, filters, products) in one shape, whether
 * they come from the all-time views (with first and last times) or from the period metrics of
 * get_analytics_by_period (no times), and what each CSV file holds.
 */
import { filterTypeLabel } from '../common/analytics-display.ts';
import type { CsvColumn } from '../common/csv-export.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import type { Row } from '../providers/dataProvider.ts';
import type { ReportRow } from '../providers/rpc.ts';

export const TOP_LIST_SIZE = 20;
export const PANEL_SIZE = 5;

interface TopItem {
  count: number;
  sessions: number;
  first: string | null;
  last: string | null;
}
export interface SearchItem extends TopItem {
  term: string;
}
export interface FilterItem extends TopItem {
  type: string;
  value: string;
}
export interface ProductItem extends TopItem {
  name: string;
  permalink: string | null;
}
export interface TopLists {
  searches: SearchItem[];
  filters: FilterItem[];
  products: ProductItem[];
}

type View<V extends 'search_analytics_summary' | 'filter_analytics_summary' | 'product_click_summary'> = Row<V>;

export function fromViews(
  searches: readonly View<'search_analytics_summary'>[],
  filters: readonly View<'filter_analytics_summary'>[],
  products: readonly View<'product_click_summary'>[],
): TopLists {
  return {
    searches: searches.map((r) => ({
      term: r.search_term ?? '',
      count: Number(r.search_count ?? 0),
      sessions: Number(r.unique_sessions ?? 0),
      first: r.first_search,
      last: r.last_search,
    })),
    filters: filters.map((r) => ({
      type: r.filter_type ?? '',
      value: r.filter_value ?? '',
      count: Number(r.filter_count ?? 0),
      sessions: Number(r.unique_sessions ?? 0),
      first: r.first_use,
      last: r.last_use,
    })),
    products: products.map((r) => ({
      name: r.product_name ?? '',
      permalink: r.product_permalink,
      count: Number(r.click_count ?? 0),
      sessions: Number(r.unique_sessions ?? 0),
      first: r.first_click,
      last: r.last_click,
    })),
  };
}

/** Period metrics regrouped into the three lists (largest count first, 20 each), with their first and last time in the period. */
export function fromPeriodMetrics(rows: readonly ReportRow<'get_analytics_by_period'>[]): TopLists {
  const lists: TopLists = { searches: [], filters: [], products: [] };
  const sorted = [...rows].sort((a, b) => Number(b.count) - Number(a.count));
  for (const r of sorted) {
    const figures = { count: Number(r.count), sessions: Number(r.unique_sessions), first: r.first_at, last: r.last_at };
    if (r.metric_type === 'search') lists.searches.push({ term: r.metric_label ?? r.metric_value, ...figures });
    else if (r.metric_type === 'product_click')
      lists.products.push({ name: r.metric_label ?? r.metric_value, permalink: r.metric_value, ...figures });
    else if (r.metric_type.startsWith('filter_')) {
      lists.filters.push({ type: r.metric_type.slice('filter_'.length), value: r.metric_label ?? r.metric_value, ...figures });
    }
  }
  return {
    searches: lists.searches.slice(0, TOP_LIST_SIZE),
    filters: lists.filters.slice(0, TOP_LIST_SIZE),
    products: lists.products.slice(0, TOP_LIST_SIZE),
  };
}

type Translate = (key: string, options?: object) => string;

const when = (instant: string | null) => (instant ? formatMexicoCityDateTime(instant, 'minutes') : '');

export function searchColumns(t: Translate): CsvColumn<SearchItem>[] {
  return [
    { header: t('app.analytics.search_term'), value: (r) => r.term },
    { header: t('app.analytics.searches'), value: (r) => r.count },
    { header: t('app.analytics.unique_sessions'), value: (r) => r.sessions },
    { header: t('app.analytics.first_search'), value: (r) => when(r.first) },
    { header: t('app.analytics.last_search'), value: (r) => when(r.last) },
  ];
}

export function filterColumns(t: Translate): CsvColumn<FilterItem>[] {
  return [
    { header: t('app.analytics.filter_type'), value: (r) => filterTypeLabel(r.type) },
    { header: t('app.analytics.filter_value'), value: (r) => r.value },
    { header: t('app.analytics.uses'), value: (r) => r.count },
    { header: t('app.analytics.unique_sessions'), value: (r) => r.sessions },
    { header: t('app.analytics.first_use'), value: (r) => when(r.first) },
    { header: t('app.analytics.last_use'), value: (r) => when(r.last) },
  ];
}

export function productColumns(t: Translate): CsvColumn<ProductItem>[] {
  return [
    { header: t('app.analytics.product'), value: (r) => r.name },
    { header: t('app.analytics.permalink'), value: (r) => r.permalink },
    { header: t('app.analytics.clicks'), value: (r) => r.count },
    { header: t('app.analytics.unique_sessions'), value: (r) => r.sessions },
    { header: t('app.analytics.first_click'), value: (r) => when(r.first) },
    { header: t('app.analytics.last_click'), value: (r) => when(r.last) },
  ];
}

export interface AnyItem extends TopItem {
  kind: string;
  item: string;
}

/** All three lists in one table: kind ('Búsqueda', 'Filtro: Marca', 'Producto'), item, figures. */
export function allItems(lists: TopLists, t: Translate): AnyItem[] {
  return [
    ...lists.searches.map((r) => ({ ...r, kind: t('app.analytics.kind_search'), item: r.term })),
    ...lists.filters.map((r) => ({ ...r, kind: t('app.analytics.kind_filter', { type: filterTypeLabel(r.type) }), item: r.value })),
    ...lists.products.map((r) => ({ ...r, kind: t('app.analytics.kind_product'), item: r.name })),
  ];
}

export function allColumns(t: Translate): CsvColumn<AnyItem>[] {
  return [
    { header: t('app.analytics.kind'), value: (r) => r.kind },
    { header: t('app.analytics.item'), value: (r) => r.item },
    { header: t('app.analytics.count'), value: (r) => r.count },
    { header: t('app.analytics.unique_sessions'), value: (r) => r.sessions },
    { header: t('app.analytics.first_time'), value: (r) => when(r.first) },
    { header: t('app.analytics.last_time'), value: (r) => when(r.last) },
  ];
}
