/** The report charts (MUI X Charts): activity per day and per hour of the day, weekly trends, the funnel, devices and browsers. */
import { Card, CardContent, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { ReactNode } from 'react';
import type { HourOfDayTotals } from '../common/analytics-display.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import type { ReportRow } from '../providers/rpc.ts';

type Labels = { searches: string; filters: string; clicks: string; activities: string; sessions: string };

export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="figure" aria-label={title} sx={{ m: 0, mb: 2, minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="figcaption" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** 'dd/MM' of a 'yyyy-MM-dd' day. */
const dayMonth = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export function DailyChart({ rows, labels }: { rows: readonly ReportRow<'get_daily_activity_report'>[]; labels: Labels }) {
  const days = [...rows].sort((a, b) => a.fecha.localeCompare(b.fecha));
  return (
    <BarChart
      height={280}
      xAxis={[{ scaleType: 'band', data: days.map((d) => dayMonth(d.fecha)) }]}
      series={[
        { data: days.map((d) => Number(d.busquedas)), label: labels.searches, stack: 'total' },
        { data: days.map((d) => Number(d.filtros)), label: labels.filters, stack: 'total' },
        { data: days.map((d) => Number(d.clicks_productos)), label: labels.clicks, stack: 'total' },
      ]}
    />
  );
}

export function HourlyChart({ hours, labels }: { hours: readonly HourOfDayTotals[]; labels: Labels }) {
  return (
    <BarChart
      height={260}
      xAxis={[{ scaleType: 'band', data: hours.map((h) => String(h.hour).padStart(2, '0')) }]}
      series={[{ data: hours.map((h) => h.total_actividades), label: labels.activities }]}
      hideLegend
    />
  );
}

export function WeeklyChart({ rows, labels }: { rows: readonly ReportRow<'get_weekly_trends_report'>[]; labels: Labels }) {
  const weeks = [...rows].sort((a, b) => a.semana.localeCompare(b.semana));
  return (
    <LineChart
      height={280}
      xAxis={[{ scaleType: 'point', data: weeks.map((w) => formatMexicoCityDateTime(`${w.semana}T12:00:00Z`, 'none').slice(0, 5)) }]}
      series={[
        { data: weeks.map((w) => Number(w.total_actividades)), label: labels.activities },
        { data: weeks.map((w) => Number(w.sesiones_unicas)), label: labels.sessions },
      ]}
    />
  );
}

export function FunnelChart({ steps }: { steps: { label: string; value: number }[] }) {
  return (
    <BarChart
      height={200}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: steps.map((s) => s.label), width: 150 }]}
      series={[{ data: steps.map((s) => s.value) }]}
      hideLegend
    />
  );
}

export function ShareChart({ slices }: { slices: { label: string; value: number }[] }) {
  return (
    <PieChart
      height={220}
      series={[{ data: slices.map((s, id) => ({ id, ...s })), innerRadius: 40, arcLabel: 'value', arcLabelMinAngle: 20 }]}
    />
  );
}
