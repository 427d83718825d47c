/**
 * 'Enviados': the alerts sent in the period and, of those, the ones opened and the ones an order
 * followed, with their rates (of the alerts sent): three cards, then per kind, per channel and per
 * campaign; one CSV holds every level.
 */
import { Box, type Theme, Typography, useMediaQuery } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { CardGrid, type Column, DataTable, EmptyLine, ErrorLine, FigureCard, LoadingLine } from '../analytics/parts.tsx';
import { useReport } from '../analytics/useReport.ts';
import type { ReportArgs } from '../providers/rpc.ts';
import { ExportButton, Section } from './parts.tsx';
import { countText, type DeliveryRow, deliveryCsvColumns, deliveryCsvRows, percentText, splitDeliveries } from './rules.ts';

type Translate = (key: string, options?: object) => string;

export function SentTab({ range }: { range: ReportArgs<'get_alert_deliveries_report'> }) {
  const translate = useTranslate();
  const report = useReport('get_alert_deliveries_report', range);
  // a phone shows each figure with its rate under it: three columns instead of six
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  if (report.error) return <ErrorLine text={translate('app.alerts.error', { message: report.error.message })} />;
  if (!report.data) return <LoadingLine text={translate('app.alerts.loading')} />;

  const levels = splitDeliveries(report.data as unknown as DeliveryRow[]);
  const { total } = levels;
  return (
    <>
      <Section
        title={translate('app.alerts.sent_title')}
        note={translate('app.alerts.sent_note')}
        actions={
          <ExportButton
            report="avisos_enviados"
            columns={deliveryCsvColumns(translate)}
            rows={total.enviados === 0 ? [] : deliveryCsvRows(levels)}
            label={`${translate('app.alerts.export')}: ${translate('app.alerts.sent_title')}`}
          />
        }
      >
        <CardGrid phoneColumns={2} min={200}>
          <FigureCard label={translate('app.alerts.sent_total')} value={total.enviados} />
          <FigureCard
            label={translate('app.alerts.opened_total')}
            value={total.abiertos}
            detail={translate('app.alerts.of_sent', { pct: percentText(total.apertura_pct) })}
          />
          <FigureCard
            label={translate('app.alerts.ordered_total')}
            value={total.con_pedido}
            detail={translate('app.alerts.of_sent', { pct: percentText(total.pedido_pct) })}
          />
        </CardGrid>
        {total.enviados === 0 && <EmptyLine text={translate('app.alerts.sent_empty')} />}
      </Section>
      {total.enviados > 0 && (
        <>
          <Section title={translate('app.alerts.by_kind')}>
            <DataTable
              label={translate('app.alerts.by_kind')}
              columns={table(translate, phone, translate('app.alerts.col.kind'), (r) => translate(`app.alerts.kind.${r.tipo}`))}
              rows={levels.kinds}
              rowKey={(r) => String(r.tipo)}
            />
          </Section>
          <Section title={translate('app.alerts.by_channel_title')}>
            <DataTable
              label={translate('app.alerts.by_channel_title')}
              columns={table(translate, phone, translate('app.alerts.col.channel'), (r) => translate(`app.alerts.channel.${r.canal}`))}
              rows={levels.channels}
              rowKey={(r) => String(r.canal)}
            />
          </Section>
          <Section title={translate('app.alerts.by_campaign')}>
            <DataTable
              label={translate('app.alerts.by_campaign')}
              columns={
                phone
                  ? table(translate, phone, translate('app.alerts.col.campaign'), (r) => (
                      <>
                        {r.campana ?? translate('app.alerts.deleted_campaign')}
                        <Typography variant="caption" color="text.secondary" display="block">
                          {translate(`app.alerts.kind.${r.tipo}`)}
                        </Typography>
                      </>
                    ))
                  : [
                      { header: translate('app.alerts.col.campaign'), cell: (r) => r.campana ?? translate('app.alerts.deleted_campaign') },
                      ...table(translate, phone, translate('app.alerts.col.kind'), (r) => translate(`app.alerts.kind.${r.tipo}`)),
                    ]
              }
              rows={levels.campaigns}
              rowKey={(r) => `${r.campaign_id}-${r.tipo}`}
            />
          </Section>
        </>
      )}
    </>
  );
}

/**
 * A table of one level: what each row is about, then its figures. A phone shows three columns: the
 * label with the alerts sent under it, then opened and followed by an order, each with its rate.
 */
function table(t: Translate, phone: boolean, header: string, label: (r: DeliveryRow) => ReactNode): Column<DeliveryRow>[] {
  if (phone) {
    return [
      {
        header,
        cell: (r) => (
          <Box>
            {label(r)}
            <Typography variant="caption" color="text.secondary" display="block">
              {t('app.alerts.sent_count', { count: countText(r.enviados) })}
            </Typography>
          </Box>
        ),
      },
      { header: t('app.alerts.col.opened'), cell: (r) => <CountAndRate value={r.abiertos} pct={r.apertura_pct} />, numeric: true },
      { header: t('app.alerts.col.with_order'), cell: (r) => <CountAndRate value={r.con_pedido} pct={r.pedido_pct} />, numeric: true },
    ];
  }
  return [
    { header, cell: label },
    { header: t('app.alerts.col.sent'), cell: (r) => countText(r.enviados), numeric: true },
    { header: t('app.alerts.col.opened'), cell: (r) => countText(r.abiertos), numeric: true },
    { header: t('app.alerts.col.open_rate'), cell: (r) => percentText(r.apertura_pct), numeric: true },
    { header: t('app.alerts.col.with_order'), cell: (r) => countText(r.con_pedido), numeric: true },
    { header: t('app.alerts.col.order_rate'), cell: (r) => percentText(r.pedido_pct), numeric: true },
    { header: t('app.alerts.col.order_of_opened'), cell: (r) => percentText(r.pedido_abiertos_pct), numeric: true },
  ];
}

/** A count with its rate under it ('79' over '41.1%'). */
function CountAndRate({ value, pct }: { value: number; pct: number }) {
  return (
    <Box>
      <Typography fontWeight={600}>{countText(value)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {percentText(pct)}
      </Typography>
    </Box>
  );
}
