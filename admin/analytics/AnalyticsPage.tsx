/**
 * Analytics: a period filter (default the last 30 days, or the whole history), four summary cards,
 * the top 5 searches, filters and products, tabs with the top 20 of each, and CSV export. Every
 * figure on the screen follows the period: a period of days reads get_analytics_by_period, the
 * whole history reads the all-time summary views (which also know the first and last times).
 */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Card, CardContent, List, ListItem, ListItemText, Tab, Tabs, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { filterTypeLabel, lastDays } from '../common/analytics-display.ts';
import { type CsvColumn, type CsvReport, csvFileName, toCsv } from '../common/csv-export.ts';
import { formatMexicoCityDateTime, todayInMexicoCity } from '@/lib/dates.ts';
import { downloadCsv } from './download.ts';
import { CardGrid, type Column, count, DataTable, EmptyLine, ErrorLine, FigureCard, LoadingLine, PeriodSelect } from './parts.tsx';
import {
  allColumns,
  allItems,
  type FilterItem,
  filterColumns,
  fromPeriodMetrics,
  fromViews,
  PANEL_SIZE,
  type ProductItem,
  productColumns,
  type SearchItem,
  searchColumns,
  TOP_LIST_SIZE,
  type TopLists,
} from './summaries.ts';
import { useReport, useSummaryView } from './useReport.ts';

const PERIODS = [7, 30, 90, 0] as const;
const DEFAULT_PERIOD = 30;

const TABS = ['searches', 'filters', 'products'] as const;
type TabName = (typeof TABS)[number];

export default function AnalyticsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [days, setDays] = useState<number>(DEFAULT_PERIOD);
  const [tab, setTab] = useState<TabName>('searches');
  const allTime = days === 0;
  const { start, end } = useMemo(() => lastDays(days || 1), [days]);

  // the whole history has no first day
  const summary = useReport('get_analytics_summary', { start_date: allTime ? null : start, end_date: end });
  const period = useReport('get_analytics_by_period', { start_date: start, end_date: end }, !allTime);
  const searchView = useSummaryView('search_analytics_summary', TOP_LIST_SIZE, allTime);
  const filterView = useSummaryView('filter_analytics_summary', TOP_LIST_SIZE, allTime);
  const productView = useSummaryView('product_click_summary', TOP_LIST_SIZE, allTime);
  const listQueries = allTime ? [searchView, filterView, productView] : [period];

  const lists: TopLists | null = useMemo(() => {
    if (allTime) {
      if (!searchView.data || !filterView.data || !productView.data) return null;
      return fromViews(searchView.data, filterView.data, productView.data);
    }
    return period.data ? fromPeriodMetrics(period.data) : null;
  }, [allTime, searchView.data, filterView.data, productView.data, period.data]);

  const header = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {translate('app.analytics.title')}
      </Typography>
      <PeriodSelect value={days} options={PERIODS} onChange={setDays} />
    </Box>
  );

  let body: React.ReactNode;
  if (summary.error) body = <ErrorLine text={translate('app.analytics.error', { message: translate('app.analytics.summary_error') })} />;
  else if (listQueries.some((q) => q.error))
    body = <ErrorLine text={translate('app.analytics.error', { message: translate('app.analytics.period_error') })} />;
  else if (summary.isLoading || listQueries.some((q) => q.isLoading) || !lists || !summary.data)
    body = <LoadingLine text={translate('app.analytics.loading')} />;
  else {
    const totals = summary.data[0];
    const exportCsv = <Row,>(report: CsvReport, columns: CsvColumn<Row>[], rows: readonly Row[]) => {
      if (rows.length === 0) {
        notify(translate('app.analytics.nothing_to_export'), { type: 'warning' });
        return;
      }
      downloadCsv(csvFileName(report, todayInMexicoCity()), toCsv(columns, rows));
    };
    const exportButton = (label: string, onClick: () => void) => (
      <Button variant="outlined" size="small" startIcon={<FileDownloadOutlined />} onClick={onClick}>
        {label}
      </Button>
    );
    const exports = {
      searches: () => exportCsv('busquedas_populares', searchColumns(translate), lists.searches),
      filters: () => exportCsv('filtros_mas_usados', filterColumns(translate), lists.filters),
      products: () => exportCsv('productos_mas_vistos', productColumns(translate), lists.products),
      all: () => exportCsv('todas_las_estadisticas', allColumns(translate), allItems(lists, translate)),
    };
    body = (
      <>
        <CardGrid phoneColumns={2} min={180}>
          <FigureCard label={translate('app.analytics.total_searches')} value={Number(totals?.total_searches ?? 0)} />
          <FigureCard label={translate('app.analytics.total_filters')} value={Number(totals?.total_filters ?? 0)} />
          <FigureCard label={translate('app.analytics.total_product_clicks')} value={Number(totals?.total_product_clicks ?? 0)} />
          <FigureCard label={translate('app.analytics.unique_sessions')} value={Number(totals?.unique_sessions ?? 0)} />
        </CardGrid>
        <CardGrid min={280}>
          <TopPanel
            title={translate('app.analytics.top_searches')}
            empty={translate('app.analytics.empty_searches')}
            items={lists.searches.map((r) => ({ primary: r.term, count: r.count }))}
          />
          <TopPanel
            title={translate('app.analytics.top_filters')}
            empty={translate('app.analytics.empty_filters')}
            items={lists.filters.map((r) => ({ primary: r.value, secondary: filterTypeLabel(r.type), count: r.count }))}
          />
          <TopPanel
            title={translate('app.analytics.top_products')}
            empty={translate('app.analytics.empty_products')}
            items={lists.products.map((r) => ({ primary: r.name, secondary: r.permalink ?? undefined, count: r.count }))}
          />
        </CardGrid>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
          <Tabs
            value={tab}
            onChange={(_e, value: TabName) => setTab(value)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ flexGrow: 1 }}
          >
            <Tab value="searches" label={translate('app.analytics.tab_searches')} />
            <Tab value="filters" label={translate('app.analytics.tab_filters')} />
            <Tab value="products" label={translate('app.analytics.tab_products')} />
          </Tabs>
          {tab === 'searches' && exportButton(translate('app.analytics.export_searches'), exports.searches)}
          {tab === 'filters' && exportButton(translate('app.analytics.export_filters'), exports.filters)}
          {tab === 'products' && exportButton(translate('app.analytics.export_products'), exports.products)}
          {exportButton(translate('app.analytics.export_all'), exports.all)}
        </Box>
        {tab === 'searches' && (
          <TopTable<SearchItem>
            label={translate('app.analytics.tab_searches')}
            empty={translate('app.analytics.empty_searches')}
            rows={lists.searches}
            columns={searchTable(translate)}
          />
        )}
        {tab === 'filters' && (
          <TopTable<FilterItem>
            label={translate('app.analytics.tab_filters')}
            empty={translate('app.analytics.empty_filters')}
            rows={lists.filters}
            columns={filterTable(translate)}
          />
        )}
        {tab === 'products' && (
          <TopTable<ProductItem>
            label={translate('app.analytics.tab_products')}
            empty={translate('app.analytics.empty_products')}
            rows={lists.products}
            columns={productTable(translate)}
          />
        )}
      </>
    );
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.analytics.title')} />
      {header}
      {body}
    </Box>
  );
}

function TopPanel({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { primary: string; secondary?: string | undefined; count: number }[];
}) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {items.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <List dense disablePadding>
            {items.slice(0, PANEL_SIZE).map((item, index) => (
              <ListItem
                key={`${item.primary}-${item.secondary ?? ''}`}
                disableGutters
                secondaryAction={<Typography fontWeight={600}>{count(item.count)}</Typography>}
              >
                <ListItemText
                  primary={`${index + 1}. ${item.primary}`}
                  secondary={item.secondary}
                  slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  sx={{ pr: 6 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function TopTable<Row>({ label, empty, rows, columns }: { label: string; empty: string; rows: readonly Row[]; columns: Column<Row>[] }) {
  if (rows.length === 0) return <EmptyLine text={empty} />;
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(_row, index) => index} />;
}

type Translate = (key: string, options?: object) => string;
const when = (instant: string | null) => (instant ? formatMexicoCityDateTime(instant, 'minutes') : '—');

const searchTable = (t: Translate): Column<SearchItem>[] => [
  { header: t('app.analytics.search_term'), cell: (r) => r.term },
  { header: t('app.analytics.searches'), cell: (r) => count(r.count), numeric: true },
  { header: t('app.analytics.unique_sessions'), cell: (r) => count(r.sessions), numeric: true },
  { header: t('app.analytics.first_search'), cell: (r) => when(r.first), numeric: true },
  { header: t('app.analytics.last_search'), cell: (r) => when(r.last), numeric: true },
];

const filterTable = (t: Translate): Column<FilterItem>[] => [
  { header: t('app.analytics.filter_type'), cell: (r) => filterTypeLabel(r.type) },
  { header: t('app.analytics.filter_value'), cell: (r) => r.value },
  { header: t('app.analytics.uses'), cell: (r) => count(r.count), numeric: true },
  { header: t('app.analytics.unique_sessions'), cell: (r) => count(r.sessions), numeric: true },
  { header: t('app.analytics.first_use'), cell: (r) => when(r.first), numeric: true },
  { header: t('app.analytics.last_use'), cell: (r) => when(r.last), numeric: true },
];

const productTable = (t: Translate): Column<ProductItem>[] => [
  { header: t('app.analytics.product'), cell: (r) => r.name },
  { header: t('app.analytics.permalink'), cell: (r) => r.permalink ?? '' },
  { header: t('app.analytics.clicks'), cell: (r) => count(r.count), numeric: true },
  { header: t('app.analytics.unique_sessions'), cell: (r) => count(r.sessions), numeric: true },
  { header: t('app.analytics.first_click'), cell: (r) => when(r.first), numeric: true },
  { header: t('app.analytics.last_click'), cell: (r) => when(r.last), numeric: true },
];
