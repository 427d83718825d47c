/**
 * 'Códigos': each discount code's orders in the period (all, those counting a use now, those paid),
 * the discount and the sales of the paid ones, and those that followed an alert; every active code
 * is listed, used or not. Exports as CSV.
 */
import { Box, Chip, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatPrice } from '@/lib/money.ts';
import { type Column, DataTable, EmptyLine, ErrorLine, LoadingLine } from '../analytics/parts.tsx';
import { useReport } from '../analytics/useReport.ts';
import type { ReportArgs } from '../providers/rpc.ts';
import { ExportButton, Section } from './parts.tsx';
import { type CodeUseRow, codeCsvColumns, countText } from './rules.ts';

type Translate = (key: string, options?: object) => string;

export function CodeUsesTab({ range }: { range: ReportArgs<'get_discount_code_uses_report'> }) {
  const translate = useTranslate();
  const report = useReport('get_discount_code_uses_report', range);
  // a phone shows three columns, the rest of each figure under its main one
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (report.error) return <ErrorLine text={translate('app.alerts.error', { message: report.error.message })} />;
  if (!report.data) return <LoadingLine text={translate('app.alerts.loading')} />;
  const rows = report.data as unknown as CodeUseRow[];
  return (
    <Section
      title={translate('app.alerts.codes_title')}
      note={translate('app.alerts.codes_note')}
      actions={
        <ExportButton
          report="avisos_codigos"
          columns={codeCsvColumns(translate)}
          rows={rows}
          label={`${translate('app.alerts.export')}: ${translate('app.alerts.codes_title')}`}
        />
      }
    >
      {rows.length === 0 ? (
        <EmptyLine text={translate('app.alerts.codes_empty')} />
      ) : (
        <DataTable
          label={translate('app.alerts.codes_title')}
          columns={phone ? phoneColumns(translate) : columns(translate)}
          rows={rows}
          rowKey={(r) => r.code_id}
        />
      )}
    </Section>
  );
}

function columns(t: Translate): Column<CodeUseRow>[] {
  return [
    {
      header: t('app.alerts.col.discount_code'),
      cell: (r) => (
        <>
          <Typography component="span" fontFamily="monospace" fontWeight={600}>
            {r.codigo}
          </Typography>
          {!r.activo && <Chip size="small" label={t('app.alerts.inactive')} sx={{ ml: 1 }} />}
        </>
      ),
    },
    { header: t('app.alerts.col.orders'), cell: (r) => countText(r.pedidos), numeric: true },
    { header: t('app.alerts.col.uses'), cell: (r) => countText(r.usos), numeric: true },
    { header: t('app.alerts.col.paid'), cell: (r) => countText(r.pagados), numeric: true },
    { header: t('app.alerts.col.discount'), cell: (r) => formatPrice(Number(r.descuento)), numeric: true },
    { header: t('app.alerts.col.sales'), cell: (r) => formatPrice(Number(r.ventas)), numeric: true },
    { header: t('app.alerts.col.from_alerts'), cell: (r) => countText(r.desde_avisos), numeric: true },
  ];
}

/** On a phone: the code with its orders under it, then the sales with the discount under them. */
function phoneColumns(t: Translate): Column<CodeUseRow>[] {
  return [
    {
      header: t('app.alerts.col.discount_code'),
      cell: (r) => (
        <Box>
          <Typography component="span" fontFamily="monospace" fontWeight={600}>
            {r.codigo}
          </Typography>
          {!r.activo && <Chip size="small" label={t('app.alerts.inactive')} sx={{ ml: 1 }} />}
          <Typography variant="caption" color="text.secondary" display="block">
            {t('app.alerts.orders_uses_paid', { orders: countText(r.pedidos), uses: countText(r.usos), paid: countText(r.pagados) })}
          </Typography>
        </Box>
      ),
    },
    {
      header: t('app.alerts.col.sales'),
      cell: (r) => (
        <Box>
          <Typography fontWeight={600}>{formatPrice(Number(r.ventas))}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('app.alerts.discount_given', { amount: formatPrice(Number(r.descuento)) })}
          </Typography>
        </Box>
      ),
      numeric: true,
    },
  ];
}
