/** Pieces the tabs of 'Avisos' share: a section's heading with its note and CSV export, a count with its split by channel. */
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { todayInMexicoCity } from '@/lib/dates.ts';
import { downloadCsv } from '../analytics/download.ts';
import { type CsvColumn, type CsvReport, csvFileName, toCsv } from '../common/csv-export.ts';
import { countText } from './rules.ts';

/** 'Exportar CSV' of one table: `{report}_{today}.csv`, or a warning when it has no rows. */
export function ExportButton<Row>({
  report,
  columns,
  rows,
  label,
}: {
  report: CsvReport;
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
  label: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const save = () => {
    if (rows.length === 0) {
      notify(translate('app.alerts.nothing_to_export'), { type: 'warning' });
      return;
    }
    downloadCsv(csvFileName(report, todayInMexicoCity()), toCsv(columns, rows));
  };
  return (
    <Button variant="outlined" size="small" startIcon={<FileDownloadOutlined />} onClick={save} aria-label={label}>
      {translate('app.alerts.export')}
    </Button>
  );
}

/** A section: its heading (h2), an optional note under it and its actions beside it. */
export function Section({
  title,
  note,
  actions,
  children,
}: {
  title: string;
  note?: string | undefined;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: note ? 0.5 : 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
          {note}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** A count of people with its split by channel under it ('12' over '8 push · 4 correo'); a dash for none. */
export function ChannelCount({ push, email }: { push: number; email: number }) {
  const translate = useTranslate();
  if (push + email === 0) return <Typography color="text.disabled">—</Typography>;
  return (
    <Box>
      <Typography fontWeight={600}>{countText(push + email)}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate('app.alerts.by_channel', { push: countText(push), email: countText(email) })}
      </Typography>
    </Box>
  );
}
