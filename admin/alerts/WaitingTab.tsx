/**
 * 'En espera': the people waiting for an alert now (not the period's): one card per kind with its split
 * by push and email; every campaign not ended with the people waiting for its opening, its end and
 * its sizes, and the discount code its alerts carry (owners and editors change it here); the sizes
 * people wait for, most people first. Both tables export as CSV.
 */
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  Box,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link as MuiLink,
  Stack,
  type Theme,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useState } from 'react';
import { Link, useCanAccess, useTranslate } from 'react-admin';
import { CardGrid, type Column, DataTable, EmptyLine, ErrorLine, FigureCard, LoadingLine } from '../analytics/parts.tsx';
import { useReport } from '../analytics/useReport.ts';
import { CampaignCodeDialog } from './CampaignCodeDialog.tsx';
import { ChannelCount, ExportButton, Section } from './parts.tsx';
import {
  type CampaignRow,
  type CampaignState,
  campaignCsvColumns,
  campaignWaiting,
  countText,
  dayText,
  type SizeWaitRow,
  sizeCsvColumns,
  type WaitingRow,
  waitingByKind,
} from './rules.ts';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';

type Translate = (key: string, options?: object) => string;

const STATE_COLORS: Record<CampaignState, 'default' | 'info' | 'success'> = {
  por_anunciar: 'default',
  anunciada: 'info',
  en_curso: 'success',
};

export function WaitingTab() {
  const translate = useTranslate();
  const summary = useReport('get_alert_waiting_summary', {});
  const campaigns = useReport('get_alert_campaigns_report', {});
  const sizes = useReport('get_alert_size_waits_report', {});
  const { canAccess: mayEdit } = useCanAccess({ resource: 'campaign_alerts', action: 'edit' });
  const [editing, setEditing] = useState<CampaignRow | null>(null);
  // a phone shows each campaign as a card and each size in two cells: no table to scroll sideways
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));

  const failed = [summary, campaigns, sizes].find((q) => q.error);
  if (failed) return <ErrorLine text={translate('app.alerts.error', { message: failed.error?.message ?? '' })} />;
  if (!summary.data || !campaigns.data || !sizes.data) return <LoadingLine text={translate('app.alerts.loading')} />;

  const kinds = waitingByKind(summary.data as unknown as WaitingRow[]);
  const campaignRows = campaigns.data as unknown as CampaignRow[];
  const sizeRows = sizes.data as unknown as SizeWaitRow[];
  const close = (saved: boolean) => {
    setEditing(null);
    if (saved) campaigns.refetch();
  };

  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, maxWidth: 900 }}>
        {translate('app.alerts.waiting_note')}
      </Typography>
      <CardGrid min={220}>
        {kinds.map((k) => (
          <FigureCard
            key={k.tipo}
            label={translate(`app.alerts.waiting_kind.${k.tipo}`)}
            value={k.personas}
            detail={[
              translate('app.alerts.by_channel', { push: countText(k.push), email: countText(k.email) }),
              translate('app.alerts.requests', { smart_count: k.solicitudes, count: countText(k.solicitudes) }),
              ...(k.por_confirmar > 0
                ? [translate('app.alerts.unconfirmed', { smart_count: k.por_confirmar, count: countText(k.por_confirmar) })]
                : []),
            ].join(' · ')}
          />
        ))}
      </CardGrid>

      <Section
        title={translate('app.alerts.campaigns_title')}
        actions={
          <ExportButton
            report="avisos_campanas"
            columns={campaignCsvColumns(translate)}
            rows={campaignRows}
            label={`${translate('app.alerts.export')}: ${translate('app.alerts.campaigns_title')}`}
          />
        }
      >
        {campaignRows.length === 0 ? (
          <EmptyLine text={translate('app.alerts.campaigns_empty')} />
        ) : phone ? (
          <CampaignCards rows={campaignRows} edit={mayEdit ? setEditing : null} />
        ) : (
          <DataTable
            label={translate('app.alerts.campaigns_title')}
            columns={campaignColumns(translate, mayEdit ? setEditing : null)}
            rows={campaignRows}
            rowKey={(row) => row.campaign_id}
          />
        )}
      </Section>

      <Section
        title={translate('app.alerts.sizes_title')}
        note={sizeRows.length >= 500 ? translate('app.alerts.sizes_note') : undefined}
        actions={
          <ExportButton
            report="avisos_tallas"
            columns={sizeCsvColumns(translate)}
            rows={sizeRows}
            label={`${translate('app.alerts.export')}: ${translate('app.alerts.sizes_title')}`}
          />
        }
      >
        {sizeRows.length === 0 ? (
          <EmptyLine text={translate('app.alerts.sizes_empty')} />
        ) : (
          <DataTable
            label={translate('app.alerts.sizes_title')}
            columns={phone ? phoneSizeColumns(translate) : sizeColumns(translate)}
            rows={sizeRows}
            rowKey={(row) => `${row.product_id}-${row.talla ?? ''}`}
          />
        )}
      </Section>
      {editing && <CampaignCodeDialog campaign={editing} onClose={close} />}
    </>
  );
}

function campaignColumns(t: Translate, edit: ((row: CampaignRow) => void) | null): Column<CampaignRow>[] {
  return [
    {
      header: t('app.alerts.col.campaign'),
      cell: (r) => (
        <Box sx={{ minWidth: 140 }}>
          <Typography fontWeight={600}>{r.campana}</Typography>
          <Chip size="small" color={STATE_COLORS[r.estado]} label={t(`app.alerts.state.${r.estado}`)} sx={{ mt: 0.5 }} />
        </Box>
      ),
    },
    {
      header: t('app.alerts.col.opens'),
      cell: (r) => (r.inicia_en ? formatMexicoCityDateTime(r.inicia_en, 'minutes') : '—'),
      numeric: true,
    },
    { header: t('app.alerts.col.ends'), cell: (r) => dayText(r.fecha_fin), numeric: true },
    { header: t('app.alerts.col.opening'), cell: (r) => <ChannelCount {...campaignWaiting(r, 'campana')} />, numeric: true },
    { header: t('app.alerts.col.ending'), cell: (r) => <ChannelCount {...campaignWaiting(r, 'termina')} />, numeric: true },
    { header: t('app.alerts.col.sizes'), cell: (r) => <ChannelCount {...campaignWaiting(r, 'talla')} />, numeric: true },
    { header: t('app.alerts.col.code'), cell: (r) => <CodeCell row={r} edit={edit} /> },
  ];
}

/** Each campaign as a card: its name and state, its days, the people waiting by kind, its code. */
function CampaignCards({ rows, edit }: { rows: readonly CampaignRow[]; edit: ((row: CampaignRow) => void) | null }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} role="list" aria-label={translate('app.alerts.campaigns_title')}>
      {rows.map((r) => (
        <Card key={r.campaign_id} role="listitem" aria-label={r.campana}>
          <CardContent sx={{ pb: '12px !important' }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              <Typography fontWeight={600} sx={{ flexGrow: 1 }}>
                {r.campana}
              </Typography>
              <Chip size="small" color={STATE_COLORS[r.estado]} label={translate(`app.alerts.state.${r.estado}`)} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {r.inicia_en ? `${translate('app.alerts.col.opens')} ${formatMexicoCityDateTime(r.inicia_en, 'minutes')} · ` : ''}
              {translate('app.alerts.col.ends')} {dayText(r.fecha_fin)}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, my: 1 }}>
              {(['campana', 'termina', 'talla'] as const).map((kind) => (
                <Box key={kind}>
                  <Typography variant="caption" color="text.secondary" display="block">
                    {translate(`app.alerts.kind_short.${kind}`)}
                  </Typography>
                  <ChannelCount {...campaignWaiting(r, kind)} />
                </Box>
              ))}
            </Box>
            <CodeCell row={r} edit={edit} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function CodeCell({ row, edit }: { row: CampaignRow; edit: ((row: CampaignRow) => void) | null }) {
  const translate = useTranslate();
  return (
    <Box data-testid="campaign-code" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 150 }}>
      <Box sx={{ flexGrow: 1 }}>
        {row.codigo_descuento ? (
          <Typography fontFamily="monospace" fontWeight={600}>
            {row.codigo_descuento}
          </Typography>
        ) : (
          <Typography color="text.secondary">{translate('app.alerts.no_code')}</Typography>
        )}
        {row.codigo_descuento && !row.codigo_vigente && (
          <Typography variant="caption" color="warning.main" display="block">
            {translate('app.alerts.code_not_usable')}
          </Typography>
        )}
      </Box>
      {edit && (
        <Tooltip title={translate('app.alerts.set_code', { campaign: row.campana })}>
          <IconButton size="small" onClick={() => edit(row)} aria-label={translate('app.alerts.set_code', { campaign: row.campana })}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function sizeColumns(t: Translate): Column<SizeWaitRow>[] {
  return [
    {
      header: t('app.alerts.col.product'),
      cell: (r) => (
        <MuiLink component={Link} to={`/products/${r.product_id}`} underline="hover" sx={{ fontWeight: 600 }}>
          {r.producto}
        </MuiLink>
      ),
    },
    { header: t('app.alerts.col.brand'), cell: (r) => r.marca ?? '' },
    { header: t('app.alerts.col.campaign'), cell: (r) => r.campana ?? '' },
    { header: t('app.alerts.col.size'), cell: (r) => r.talla ?? t('app.alerts.any_size') },
    { header: t('app.alerts.col.push'), cell: (r) => countText(r.push), numeric: true },
    { header: t('app.alerts.col.email'), cell: (r) => countText(r.email), numeric: true },
    { header: t('app.alerts.col.people'), cell: (r) => countText(r.personas), numeric: true },
    { header: t('app.alerts.col.since'), cell: (r) => formatMexicoCityDateTime(r.desde, 'minutes'), numeric: true },
    { header: t('app.alerts.col.for_sale'), cell: (r) => t(r.a_la_venta ? 'app.alerts.yes' : 'app.alerts.no') },
  ];
}

/** On a phone: the product with its brand, campaign and size, then its people by channel. */
function phoneSizeColumns(t: Translate): Column<SizeWaitRow>[] {
  return [
    {
      header: t('app.alerts.col.product'),
      cell: (r) => (
        <Box>
          <MuiLink component={Link} to={`/products/${r.product_id}`} underline="hover" sx={{ fontWeight: 600 }}>
            {r.producto}
          </MuiLink>
          <Typography variant="body2" color="text.secondary">
            {[r.marca, r.campana].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="body2">
            {t('app.alerts.col.size')}: {r.talla ?? t('app.alerts.any_size')}
            {r.a_la_venta ? ` · ${t('app.alerts.for_sale_now')}` : ''}
          </Typography>
        </Box>
      ),
    },
    { header: t('app.alerts.col.people'), cell: (r) => <ChannelCount push={Number(r.push)} email={Number(r.email)} />, numeric: true },
  ];
}
