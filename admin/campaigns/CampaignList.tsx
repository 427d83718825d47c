/**
 * Campaigns (spec 2 "Admin campaigns"): 'Solo campañas activas' (default on), refresh, create/edit
 * dialog, table of image, name and id, start, end, product count (campaigns_with_products), status
 * and the actions menu. Ordered by fecha_fin descending.
 */
import AddIcon from '@mui/icons-material/Add';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Avatar, Box, Button, FormControlLabel, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, List, useListContext, useNotify, useRefresh, useStore, useTranslate, type RaRecord } from 'react-admin';
import { adminCampaignStatus, campaignStartDate } from '@/lib/campaign.ts';
import { todayInMexicoCity, formatReportDate } from '@/lib/dates.ts';
import { hourForInput } from './announcement.ts';
import { CampaignActionsMenu } from './CampaignActionsMenu.tsx';
import { CampaignDialog } from './CampaignDialog.tsx';
import { CampaignStatusChip } from './CampaignStatusChip.tsx';

interface CampaignRow extends RaRecord {
  nombre: string;
  fecha_inicio: string | null;
  fecha_fin: string;
  image_url: string | null;
  created_at: string;
  product_count: number;
  anuncio_desde: string | null;
  hora_inicio: string | null;
  inicia_en: string | null;
}

/** The start day, with its hour when the campaign opens at one (an announced one, or any hour but midnight). */
function startText(r: CampaignRow): string {
  const day = formatReportDate(campaignStartDate(r));
  const hour = hourForInput(r.hora_inicio);
  return r.fecha_inicio && hour && (r.anuncio_desde || hour !== '00:00') ? `${day} ${hour}` : day;
}

function Toolbar({
  onlyActive,
  setOnlyActive,
  onCreate,
}: {
  onlyActive: boolean;
  setOnlyActive: (v: boolean) => void;
  onCreate: () => void;
}) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { total } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 2, width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
        {translate('app.campaigns.title')}
        {typeof total === 'number' && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            ({total})
          </Typography>
        )}
      </Typography>
      <FormControlLabel
        control={<Switch checked={onlyActive} onChange={(e) => setOnlyActive(e.target.checked)} />}
        label={translate('app.campaigns.only_active')}
      />
      <Button startIcon={<RefreshIcon />} onClick={() => refresh()}>
        {translate('app.refresh')}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
        {translate('app.campaigns.new')}
      </Button>
    </Box>
  );
}

export function CampaignList() {
  const translate = useTranslate();
  const notify = useNotify();
  const [onlyActive, setOnlyActive] = useStore('campaigns.onlyActive', true);
  const [dialog, setDialog] = useState<{ open: boolean; record: RaRecord | null }>({ open: false, record: null });
  const filter = onlyActive ? { 'fecha_fin@gte': todayInMexicoCity() } : {};

  return (
    <>
      <List
        resource="campaigns"
        title={translate('app.campaigns.title')}
        filter={filter}
        sort={{ field: 'fecha_fin', order: 'DESC' }}
        perPage={25}
        actions={false}
        exporter={false}
        queryOptions={{ onError: () => notify('app.campaigns.load_error', { type: 'error' }) }}
        empty={false}
        sx={{ '& .RaList-main': { mt: 0 } }}
      >
        <Toolbar onlyActive={onlyActive} setOnlyActive={setOnlyActive} onCreate={() => setDialog({ open: true, record: null })} />
        <DataTable<CampaignRow>
          bulkActionButtons={false}
          rowClick={false}
          empty={<Box sx={{ p: 2 }}>{translate('app.campaigns.empty')}</Box>}
        >
          <DataTable.Col
            label={translate('app.campaigns.image')}
            disableSort
            render={(r) =>
              r.image_url ? (
                <Avatar variant="rounded" src={r.image_url} alt={r.nombre} sx={{ width: 48, height: 48 }} />
              ) : (
                <Avatar variant="rounded" sx={{ width: 48, height: 48, fontSize: 12 }}>
                  {r.nombre.slice(0, 2).toUpperCase()}
                </Avatar>
              )
            }
          />
          <DataTable.Col
            source="nombre"
            render={(r) => (
              <Box>
                <Typography fontWeight={600}>{r.nombre}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {r.id}
                </Typography>
              </Box>
            )}
          />
          {/* a campaign without a start date starts on the day it was created (spec: fecha_inicio falls back to created_at) */}
          <DataTable.Col source="fecha_inicio" render={(r) => startText(r as CampaignRow)} />
          <DataTable.Col source="fecha_fin" render={(r) => formatReportDate(r.fecha_fin)} />
          <DataTable.Col source="product_count" align="right" render={(r) => Number(r.product_count).toLocaleString('es-MX')} />
          <DataTable.Col
            label={translate('resources.campaigns.fields.status')}
            disableSort
            render={(r) => (
              <Box>
                <CampaignStatusChip campaign={r as CampaignRow} />
                {r.anuncio_desde && adminCampaignStatus(r as CampaignRow) === 'Próxima' && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    {translate('app.campaigns.announced_since', { date: formatReportDate(r.anuncio_desde) })}
                  </Typography>
                )}
              </Box>
            )}
          />
          <DataTable.Col
            label={translate('app.actions')}
            disableSort
            align="right"
            render={(r) => <CampaignActionsMenu record={r as CampaignRow} onEdit={(record) => setDialog({ open: true, record })} />}
          />
        </DataTable>
      </List>
      <CampaignDialog open={dialog.open} record={dialog.record} onClose={() => setDialog({ open: false, record: null })} />
    </>
  );
}
