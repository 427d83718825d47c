/**
 * Actividad (the back office's home, also /admin/detailed-reports): what shoppers did, newest first.
 * A range of Mexico City days (default the last 7) and a row limit (50 / 100 / 200 / 500, default
 * 100) apply to every tab; only the open tab is read. Times on the Mexico City clock with seconds,
 * sessions by the first 8 characters of their id.
 */
import { Box, Card, CardContent, Chip, MenuItem, Tab, Tabs, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { filterTypeLabel, lastDays, shortSessionId } from '../common/analytics-display.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import { type Column, count, DataTable, EmptyLine, ErrorLine, LoadingLine } from '../analytics/parts.tsx';
import { useReport } from '../analytics/useReport.ts';
import type { ReportName, ReportRow } from '../providers/rpc.ts';
import { MissingSellerNotice } from '../settings/MissingSellerNotice.tsx';

const LIMITS = [50, 100, 200, 500] as const;
const DEFAULT_LIMIT = 100;
const DEFAULT_DAYS = 7;

const TABS = ['all', 'searches', 'filters', 'clicks', 'sessions', 'journeys'] as const;
type TabName = (typeof TABS)[number];

const TAB_FUNCTION = {
  all: 'get_detailed_all_activities',
  searches: 'get_detailed_search_analytics',
  filters: 'get_detailed_filter_analytics',
  clicks: 'get_detailed_product_click_analytics',
  sessions: 'get_session_activities_detailed',
  journeys: 'get_user_journey_detailed',
} as const satisfies Record<TabName, ReportName>;

type ActivityRow = ReportRow<'get_detailed_all_activities'>;
type SessionRow = ReportRow<'get_session_activities_detailed'>;
type JourneyRow = ReportRow<'get_user_journey_detailed'>;

export default function ActivityPage() {
  const translate = useTranslate();
  const [range, setRange] = useState(() => lastDays(DEFAULT_DAYS));
  const [limit, setLimit] = useState<number>(DEFAULT_LIMIT);
  const [tab, setTab] = useState<TabName>('all');
  const args = { limit_count: limit, start_date: range.start, end_date: range.end };
  const { data, error, isLoading } = useReport(TAB_FUNCTION[tab], args);

  let body: React.ReactNode;
  if (error) body = <ErrorLine text={translate(`app.activity.error_${tab}`)} />;
  else if (isLoading || !data) body = <LoadingLine text={translate('app.activity.loading')} />;
  else if (data.length === 0) body = <EmptyLine text={translate('app.activity.empty')} />;
  else if (tab === 'sessions')
    body = (
      <DataTable
        label={translate('app.activity.tab_sessions')}
        columns={sessionColumns(translate)}
        rows={data as SessionRow[]}
        rowKey={(r) => r.session_id}
      />
    );
  else if (tab === 'journeys') body = <Journeys rows={data as JourneyRow[]} />;
  else
    body = (
      <DataTable
        label={translate(`app.activity.tab_${tab}`)}
        columns={activityColumns(translate)}
        rows={data as ActivityRow[]}
        rowKey={(r) => r.id}
      />
    );

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.activity.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.activity.title')}
      </Typography>
      <MissingSellerNotice />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, mb: 1 }}>
        <TextField
          type="date"
          size="small"
          label={translate('app.period.from')}
          value={range.start}
          onChange={(event) => event.target.value && setRange((r) => ({ ...r, start: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.end } }}
          fullWidth={false}
          sx={FIELD}
        />
        <TextField
          type="date"
          size="small"
          label={translate('app.period.to')}
          value={range.end}
          onChange={(event) => event.target.value && setRange((r) => ({ ...r, end: event.target.value }))}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.start } }}
          fullWidth={false}
          sx={FIELD}
        />
        <TextField
          select
          size="small"
          label={translate('app.activity.limit')}
          value={limit}
          onChange={(event) => setLimit(Number(event.target.value))}
          fullWidth={false}
          sx={{ ...FIELD, width: { xs: '100%', sm: 120 } }}
        >
          {LIMITS.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Tabs value={tab} onChange={(_e, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`app.activity.tab_${name}`)} />
        ))}
      </Tabs>
      {data && !error && !isLoading && data.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.activity.count', { smart_count: data.length })}
        </Typography>
      )}
      {body}
    </Box>
  );
}

/** Two date fields share a row on a phone. */
const FIELD = { m: 0, width: { xs: 'calc(50% - 4px)', sm: 180 } };

type Translate = (key: string, options?: object) => string;
const at = (instant: string | null | undefined) => formatMexicoCityDateTime(instant, 'seconds');

function SessionId({ id }: { id: string }) {
  return (
    <Box component="span" title={id} sx={{ fontFamily: 'monospace' }}>
      {shortSessionId(id)}
    </Box>
  );
}

/** What the activity was, readably: the term, 'Marca: Nike' or the product's name. */
function detail(row: ActivityRow): string {
  if (row.action_type === 'filter' && row.filter_type)
    return `${filterTypeLabel(row.filter_type)}: ${row.filter_value_readable ?? row.action_value}`;
  return row.action_value_readable || row.action_value;
}

const activityColumns = (t: Translate): Column<ActivityRow>[] => [
  { header: t('app.activity.date'), cell: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{at(r.created_at)}</Box> },
  { header: t('app.activity.type'), cell: (r) => <Chip size="small" label={t(`app.activity.${r.action_type}`)} /> },
  { header: t('app.activity.detail'), cell: (r) => detail(r) },
  { header: t('app.activity.session'), cell: (r) => <SessionId id={r.session_id} /> },
  { header: t('app.activity.device'), cell: (r) => r.tipo_dispositivo },
  { header: t('app.activity.browser'), cell: (r) => r.navegador },
  { header: t('app.activity.ip'), cell: (r) => r.ip_address ?? '' },
  {
    header: t('app.activity.page'),
    cell: (r) => (
      <Box
        component="span"
        title={r.page_url ?? ''}
        sx={{
          display: 'inline-block',
          maxWidth: 240,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {pagePath(r.page_url)}
      </Box>
    ),
  },
];

/** A page address without the site: '/tienda?categoria=…'. */
function pagePath(url: string | null): string {
  if (!url) return '';
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

const sessionColumns = (t: Translate): Column<SessionRow>[] => [
  { header: t('app.activity.session'), cell: (r) => <SessionId id={r.session_id} /> },
  { header: t('app.activity.start'), cell: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{at(r.primera_actividad)}</Box> },
  { header: t('app.activity.last_activity'), cell: (r) => <Box sx={{ whiteSpace: 'nowrap' }}>{at(r.ultima_actividad)}</Box> },
  { header: t('app.activity.duration'), cell: (r) => Number(r.duracion_minutos).toLocaleString('es-MX'), numeric: true },
  { header: t('app.activity.activities'), cell: (r) => count(r.total_actividades), numeric: true },
  { header: t('app.activity.searches'), cell: (r) => count(r.busquedas), numeric: true },
  { header: t('app.activity.filters'), cell: (r) => count(r.filtros), numeric: true },
  { header: t('app.activity.clicks'), cell: (r) => count(r.clicks_productos), numeric: true },
  { header: t('app.activity.device'), cell: (r) => r.tipo_dispositivo },
  { header: t('app.activity.browser'), cell: (r) => r.navegador },
  { header: t('app.activity.ip'), cell: (r) => r.ip_address ?? '' },
];

/** One card per session (latest session first), its steps in time order. */
function Journeys({ rows }: { rows: readonly JourneyRow[] }) {
  const translate = useTranslate();
  const sessions = new Map<string, JourneyRow[]>();
  for (const row of rows) sessions.set(row.session_id, [...(sessions.get(row.session_id) ?? []), row]);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {[...sessions].map(([sessionId, steps]) => {
        const first = steps[0];
        return (
          <Card key={sessionId} component="section" aria-label={shortSessionId(sessionId)}>
            <CardContent>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontFamily: 'monospace' }} title={sessionId}>
                  {shortSessionId(sessionId)}
                </Typography>
                <Chip size="small" label={translate('app.activity.steps', { smart_count: steps.length })} />
                {first && <Chip size="small" variant="outlined" label={`${first.tipo_dispositivo} · ${first.navegador}`} />}
              </Box>
              <Box component="ol" sx={{ m: 0, pl: 0, listStyle: 'none' }}>
                {[...steps]
                  .sort((a, b) => a.step_number - b.step_number)
                  .map((step) => (
                    <Box component="li" key={step.id} sx={{ display: 'flex', gap: 1.5, py: 0.5 }}>
                      <Typography component="span" color="text.secondary" sx={{ minWidth: 24 }}>
                        {step.step_number}.
                      </Typography>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, flex: 1, minWidth: 0 }}>
                        <Typography component="span" sx={{ flex: '1 1 240px' }}>
                          {step.flow_step}
                        </Typography>
                        <Typography component="span" color="text.secondary" variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                          {at(step.actividad_timestamp)}
                        </Typography>
                      </Box>
                    </Box>
                  ))}
              </Box>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
