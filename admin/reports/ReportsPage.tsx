/**
 * Reportes: a period filter (default the last 30 days), the conversion funnel (the sessions' steps,
 * then the alerts' own: sent, opened, followed by an order, shares of the alerts sent), and tabs Actividad,
 * Tendencias, Usuarios, Dispositivos, Productos and Búsquedas. Each report is read with its own
 * limit (daily 30, hourly 168, behaviour 100, weekly 12, products 50, filters 50, searches 50) and
 * its tables show the first 20 rows. The default period reads the limited reports; another period
 * reads the day, hour and week reports by date. A report that fails is logged and left out; only
 * when every one fails does the screen say so.
 */
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { filterTypeLabel, lastDays, shortSessionId, totalsByHourOfDay } from '../common/analytics-display.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import {
  CardGrid,
  type Column,
  count,
  DataTable,
  EmptyLine,
  ErrorLine,
  FigureCard,
  LoadingLine,
  PeriodSelect,
} from '../analytics/parts.tsx';
import { useReport } from '../analytics/useReport.ts';
import type { ReportRow } from '../providers/rpc.ts';
import { ChartCard, DailyChart, FunnelChart, HourlyChart, ShareChart, WeeklyChart } from './charts.tsx';

const PERIODS = [7, 30, 90] as const;
const DEFAULT_PERIOD = 30;
const TABLE_ROWS = 20;
const LIMITS = { daily: 30, hourly: 168, behavior: 100, weekly: 12, products: 50, filters: 50, searches: 50 } as const;

const TABS = ['activity', 'trends', 'users', 'devices', 'products', 'searches'] as const;
type TabName = (typeof TABS)[number];

export default function ReportsPage() {
  const translate = useTranslate();
  const [days, setDays] = useState<number>(DEFAULT_PERIOD);
  const [tab, setTab] = useState<TabName>('activity');
  const byDate = days !== DEFAULT_PERIOD;
  const range = useMemo(() => {
    const { start, end } = lastDays(days);
    return { start_date: start, end_date: end };
  }, [days]);

  const queries = {
    funnel: useReport('get_conversion_funnel_report', range),
    daily: useReport('get_daily_activity_report', { limit_count: LIMITS.daily, ...range }, !byDate),
    dailyByDate: useReport('get_daily_activity_report_by_date', range, byDate),
    hourly: useReport('get_hourly_performance_report', { limit_count: LIMITS.hourly, ...range }, !byDate),
    hourlyByDate: useReport('get_hourly_performance_report_by_date', range, byDate),
    weekly: useReport('get_weekly_trends_report', { limit_count: LIMITS.weekly, ...range }, !byDate),
    weeklyByDate: useReport('get_weekly_trends_report_by_date', range, byDate),
    behavior: useReport('get_user_behavior_report', { limit_count: LIMITS.behavior, ...range }),
    devices: useReport('get_device_browser_report', range),
    products: useReport('get_product_performance_report', { limit_count: LIMITS.products, ...range }),
    filters: useReport('get_filter_effectiveness_report', { limit_count: LIMITS.filters, ...range }),
    searches: useReport('get_search_trends_report', { limit_count: LIMITS.searches, ...range }),
  };
  const skipped: readonly string[] = byDate ? ['daily', 'hourly', 'weekly'] : ['dailyByDate', 'hourlyByDate', 'weeklyByDate'];
  const active = Object.entries(queries).filter(([name]) => !skipped.includes(name));
  const failures = active.filter(([, q]) => q.error);
  const failureLog = failures.map(([name, q]) => `${name}: ${q.error?.message ?? ''}`).join('; ');
  useEffect(() => {
    if (failureLog) console.error('No se pudieron cargar algunos reportes:', failureLog);
  }, [failureLog]);

  const funnel = queries.funnel.data?.[0];
  const daily = (byDate ? queries.dailyByDate : queries.daily).data ?? [];
  const hourly = (byDate ? queries.hourlyByDate : queries.hourly).data ?? [];
  const weekly = (byDate ? queries.weeklyByDate : queries.weekly).data ?? [];
  const behavior = queries.behavior.data ?? [];
  const devices = queries.devices.data ?? [];
  const products = queries.products.data ?? [];
  const filters = queries.filters.data ?? [];
  const searches = queries.searches.data ?? [];

  const labels = {
    searches: translate('app.reports.searches'),
    filters: translate('app.reports.filters'),
    clicks: translate('app.reports.clicks'),
    activities: translate('app.reports.activities'),
    sessions: translate('app.reports.sessions'),
  };

  let body: React.ReactNode;
  if (active.some(([, q]) => q.isLoading)) body = <LoadingLine text={translate('app.reports.loading')} />;
  else if (failures.length === active.length)
    body = <ErrorLine text={translate(byDate ? 'app.reports.date_error' : 'app.reports.error')} />;
  else if (
    Number(funnel?.total_sesiones ?? 0) === 0 &&
    Number(funnel?.avisos_enviados ?? 0) === 0 &&
    daily.every((d) => Number(d.total_actividades) === 0) &&
    [hourly, weekly.filter((w) => Number(w.total_actividades) > 0), behavior, devices, products, filters, searches].every(
      (rows) => rows.length === 0,
    )
  )
    body = <EmptyLine text={translate('app.reports.empty')} />;
  else {
    const total = Number(funnel?.total_sesiones ?? 0);
    const funnelSteps = [
      { key: 'total_sessions', value: total, pct: null },
      { key: 'sessions_search', value: Number(funnel?.sesiones_con_busqueda ?? 0), pct: funnel?.conversion_busqueda_pct },
      { key: 'sessions_filter', value: Number(funnel?.sesiones_con_filtro ?? 0), pct: funnel?.conversion_filtro_pct },
      { key: 'sessions_click', value: Number(funnel?.sesiones_con_click ?? 0), pct: funnel?.conversion_click_pct },
      { key: 'sessions_order', value: Number(funnel?.sesiones_con_pedido ?? 0), pct: funnel?.conversion_pedido_pct },
    ];
    // the alerts' steps count messages, not sessions: shown apart, as shares of the alerts sent
    const alertsSent = Number(funnel?.avisos_enviados ?? 0);
    const alertSteps = [
      { key: 'alerts_sent', value: alertsSent, pct: null },
      { key: 'alerts_opened', value: Number(funnel?.avisos_abiertos ?? 0), pct: funnel?.apertura_avisos_pct },
      { key: 'alerts_ordered', value: Number(funnel?.avisos_con_pedido ?? 0), pct: funnel?.pedido_avisos_pct },
    ];
    body = (
      <>
        <CardGrid phoneColumns={2} min={180}>
          {funnelSteps.map((step) => (
            <FigureCard
              key={step.key}
              label={translate(`app.reports.${step.key}`)}
              value={step.value}
              detail={
                step.pct == null ? undefined : translate('app.reports.of_sessions', { pct: Number(step.pct).toLocaleString('es-MX') })
              }
            />
          ))}
        </CardGrid>
        {total > 0 && (
          <ChartCard title={translate('app.reports.funnel')}>
            <FunnelChart steps={funnelSteps.map((s) => ({ label: translate(`app.reports.${s.key}`), value: s.value }))} />
          </ChartCard>
        )}
        <Box component="section" aria-label={translate('app.reports.alerts_title')} sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('app.reports.alerts_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.reports.alerts_note')}
          </Typography>
          <CardGrid phoneColumns={2} min={180}>
            {alertSteps.map((step) => (
              <FigureCard
                key={step.key}
                label={translate(`app.reports.${step.key}`)}
                value={step.value}
                detail={
                  step.pct == null ? undefined : translate('app.reports.of_alerts', { pct: Number(step.pct).toLocaleString('es-MX') })
                }
              />
            ))}
          </CardGrid>
          {alertsSent > 0 && (
            <ChartCard title={translate('app.reports.alerts_funnel')}>
              <FunnelChart steps={alertSteps.map((s) => ({ label: translate(`app.reports.${s.key}`), value: s.value }))} />
            </ChartCard>
          )}
        </Box>
        <Tabs value={tab} onChange={(_e, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
          {TABS.map((name) => (
            <Tab key={name} value={name} label={translate(`app.reports.tab_${name}`)} />
          ))}
        </Tabs>
        {tab === 'activity' && (
          <>
            <ChartCard title={translate('app.reports.daily')}>
              <DailyChart rows={daily} labels={labels} />
            </ChartCard>
            <ChartCard title={translate('app.reports.hourly')}>
              <HourlyChart hours={totalsByHourOfDay(hourly)} labels={labels} />
            </ChartCard>
            <Table label={translate('app.reports.daily')} rows={daily} columns={dailyColumns(translate)} />
          </>
        )}
        {tab === 'trends' && (
          <>
            <ChartCard title={translate('app.reports.weekly')}>
              <WeeklyChart rows={weekly} labels={labels} />
            </ChartCard>
            <Table label={translate('app.reports.weekly')} rows={weekly} columns={weeklyColumns(translate)} />
          </>
        )}
        {tab === 'users' && <Table label={translate('app.reports.user_behavior')} rows={behavior} columns={behaviorColumns(translate)} />}
        {tab === 'devices' && (
          <>
            <CardGrid min={300}>
              <ChartCard title={translate('app.reports.devices')}>
                <ShareChart slices={sessionsBy(devices, (d) => d.tipo_dispositivo)} />
              </ChartCard>
              <ChartCard title={translate('app.reports.browsers')}>
                <ShareChart slices={sessionsBy(devices, (d) => d.navegador)} />
              </ChartCard>
            </CardGrid>
            <Table label={translate('app.reports.tab_devices')} rows={devices} columns={deviceColumns(translate)} />
          </>
        )}
        {tab === 'products' && (
          <>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.reports.product_performance')}
            </Typography>
            <Table label={translate('app.reports.product_performance')} rows={products} columns={productColumns(translate)} />
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('app.reports.filter_effectiveness')}
            </Typography>
            <Table label={translate('app.reports.filter_effectiveness')} rows={filters} columns={filterColumns(translate)} />
          </>
        )}
        {tab === 'searches' && <Table label={translate('app.reports.search_trends')} rows={searches} columns={searchColumns(translate)} />}
      </>
    );
  }

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.reports.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('app.reports.title')}
        </Typography>
        <PeriodSelect value={days} options={PERIODS} onChange={setDays} />
      </Box>
      {body}
    </Box>
  );
}

/** Sessions added up by device or by browser, largest first. */
function sessionsBy(rows: readonly ReportRow<'get_device_browser_report'>[], key: (row: ReportRow<'get_device_browser_report'>) => string) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + Number(row.sesiones_unicas));
  return [...totals].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value);
}

function Table<Row>({ label, rows, columns }: { label: string; rows: readonly Row[]; columns: Column<Row>[] }) {
  const translate = useTranslate();
  if (rows.length === 0) return <EmptyLine text={translate('app.reports.no_rows')} />;
  return <DataTable label={label} rows={rows.slice(0, TABLE_ROWS)} columns={columns} rowKey={(_row, index) => index} />;
}

type Translate = (key: string, options?: object) => string;
const at = (instant: string | null | undefined) => formatMexicoCityDateTime(instant, 'minutes');
const day = (date: string) => formatMexicoCityDateTime(`${date}T12:00:00Z`, 'none');
const num = (value: number | null | undefined) => Number(value ?? 0).toLocaleString('es-MX');

type Counts = { sesiones_unicas: number; total_actividades: number; busquedas: number; filtros: number; clicks_productos: number };
const countColumns = <Row extends Counts>(t: Translate): Column<Row>[] => [
  { header: t('app.reports.sessions'), cell: (r) => count(r.sesiones_unicas), numeric: true },
  { header: t('app.reports.activities'), cell: (r) => count(r.total_actividades), numeric: true },
  { header: t('app.reports.searches'), cell: (r) => count(r.busquedas), numeric: true },
  { header: t('app.reports.filters'), cell: (r) => count(r.filtros), numeric: true },
  { header: t('app.reports.clicks'), cell: (r) => count(r.clicks_productos), numeric: true },
];

const dailyColumns = (t: Translate): Column<ReportRow<'get_daily_activity_report'>>[] => [
  { header: t('app.reports.date'), cell: (r) => day(r.fecha) },
  ...countColumns<ReportRow<'get_daily_activity_report'>>(t),
];

const weeklyColumns = (t: Translate): Column<ReportRow<'get_weekly_trends_report'>>[] => [
  { header: t('app.reports.week'), cell: (r) => day(r.semana) },
  ...countColumns<ReportRow<'get_weekly_trends_report'>>(t),
  { header: t('app.reports.per_session'), cell: (r) => num(r.promedio_actividades_por_sesion), numeric: true },
];

const behaviorColumns = (t: Translate): Column<ReportRow<'get_user_behavior_report'>>[] => [
  {
    header: t('app.reports.session'),
    cell: (r) => (
      <Box component="span" title={r.session_id} sx={{ fontFamily: 'monospace' }}>
        {shortSessionId(r.session_id)}
      </Box>
    ),
  },
  { header: t('app.reports.activities'), cell: (r) => count(r.total_actividades), numeric: true },
  { header: t('app.reports.searches'), cell: (r) => count(r.busquedas), numeric: true },
  { header: t('app.reports.filters'), cell: (r) => count(r.filtros), numeric: true },
  { header: t('app.reports.clicks'), cell: (r) => count(r.clicks_productos), numeric: true },
  { header: t('app.reports.duration'), cell: (r) => num(r.duracion_sesion_minutos), numeric: true },
  { header: t('app.reports.first_activity'), cell: (r) => at(r.primera_actividad), numeric: true },
  { header: t('app.reports.last_activity'), cell: (r) => at(r.ultima_actividad), numeric: true },
  { header: t('app.reports.device'), cell: (r) => r.tipo_dispositivo },
  { header: t('app.reports.browser'), cell: (r) => r.navegador },
];

const deviceColumns = (t: Translate): Column<ReportRow<'get_device_browser_report'>>[] => [
  { header: t('app.reports.device'), cell: (r) => r.tipo_dispositivo },
  { header: t('app.reports.browser'), cell: (r) => r.navegador },
  { header: t('app.reports.sessions'), cell: (r) => count(r.sesiones_unicas), numeric: true },
  { header: t('app.reports.activities'), cell: (r) => count(r.total_actividades), numeric: true },
  { header: t('app.reports.share'), cell: (r) => `${num(r.porcentaje_sesiones)}%`, numeric: true },
];

const productColumns = (t: Translate): Column<ReportRow<'get_product_performance_report'>>[] => [
  { header: t('app.reports.product'), cell: (r) => r.product_name },
  { header: t('app.reports.clicks'), cell: (r) => count(r.total_clicks), numeric: true },
  { header: t('app.reports.sessions'), cell: (r) => count(r.sesiones_unicas), numeric: true },
  { header: t('app.reports.per_session'), cell: (r) => num(r.promedio_clicks_por_sesion), numeric: true },
  { header: t('app.reports.days_active'), cell: (r) => count(r.dias_con_actividad), numeric: true },
  { header: t('app.reports.last_click'), cell: (r) => at(r.ultimo_click), numeric: true },
];

const filterColumns = (t: Translate): Column<ReportRow<'get_filter_effectiveness_report'>>[] => [
  { header: t('app.reports.filter_type'), cell: (r) => filterTypeLabel(r.filter_type) },
  { header: t('app.reports.filter_value'), cell: (r) => r.filter_value },
  { header: t('app.reports.total_uses'), cell: (r) => count(r.total_usos), numeric: true },
  { header: t('app.reports.sessions'), cell: (r) => count(r.sesiones_unicas), numeric: true },
  { header: t('app.reports.sessions_with_click'), cell: (r) => count(r.sesiones_con_click), numeric: true },
  { header: t('app.reports.conversion'), cell: (r) => num(r.tasa_conversion_pct), numeric: true },
  { header: t('app.reports.last_use'), cell: (r) => at(r.ultimo_uso), numeric: true },
];

const searchColumns = (t: Translate): Column<ReportRow<'get_search_trends_report'>>[] => [
  { header: t('app.reports.search_term'), cell: (r) => r.search_term },
  { header: t('app.reports.searches'), cell: (r) => count(r.total_busquedas), numeric: true },
  { header: t('app.reports.sessions'), cell: (r) => count(r.sesiones_unicas), numeric: true },
  { header: t('app.reports.per_session'), cell: (r) => num(r.promedio_busquedas_por_sesion), numeric: true },
  { header: t('app.reports.days_searched'), cell: (r) => count(r.dias_con_busqueda), numeric: true },
  { header: t('app.reports.trend'), cell: (r) => r.tendencia },
  { header: t('app.reports.last_search'), cell: (r) => at(r.ultima_busqueda), numeric: true },
];
