/**
 * Step 1: the campaign (only campaigns not yet ended) and the brand the imported products get, each
 * with inline creation, and the template CSV to download.
 */
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useCreate, useGetList, useNotify, useTranslate } from 'react-admin';
import { csvTemplate } from '../csv-import.ts';
import { todayInMexicoCity } from '@/lib/dates.ts';
import { newBrand } from '../../brands/BrandCards.tsx';
import { errorMessage } from '../../common/errors.ts';
import { useActiveCampaigns } from '../hooks/useLookups.ts';
import { campaignProblem } from './rules.ts';

const T = 'app.products.import';

export interface Selection {
  campaignId: string;
  brandId: string;
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([csvTemplate()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'plantilla-productos.csv';
  link.click();
  URL.revokeObjectURL(url);
}

function NewCampaign({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [nombre, setNombre] = useState('');
  const [start, setStart] = useState(todayInMexicoCity());
  const [end, setEnd] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async () => {
    const found = campaignProblem(nombre, start, end, todayInMexicoCity());
    setProblem(found);
    if (found) return;
    try {
      const record = await create(
        'campaigns',
        { data: { nombre: nombre.trim(), fecha_inicio: start, fecha_fin: end } },
        { returnPromise: true },
      );
      onCreated(String(record.id));
    } catch (error) {
      notify(t(`${T}.create_error`, { message: errorMessage(error) ?? '' }), { type: 'error' });
    }
  };
  return (
    <Stack spacing={1.5} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="new-campaign">
      <TextField size="small" label={t(`${T}.campaign_name`)} value={nombre} onChange={(e) => setNombre(e.target.value)} autoFocus />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          type="date"
          label={t(`${T}.campaign_start`)}
          value={start}
          onChange={(e) => setStart(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
        <TextField
          size="small"
          type="date"
          label={t(`${T}.campaign_end`)}
          value={end}
          onChange={(e) => setEnd(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      </Stack>
      {problem && <Box sx={{ color: 'error.main', typography: 'body2' }}>{t(problem)}</Box>}
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={onCancel}>{t(`${T}.cancel`)}</Button>
        <Button variant="contained" onClick={submit} disabled={isPending}>
          {t(`${T}.create`)}
        </Button>
      </Stack>
    </Stack>
  );
}

function NewBrand({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const [create, { isPending }] = useCreate();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState(false);
  const submit = async () => {
    const row = newBrand(name);
    setProblem(!row);
    if (!row) return;
    try {
      const record = await create('brands', { data: { ...row, active: true } }, { returnPromise: true });
      onCreated(String(record.id));
    } catch (error) {
      notify(t(`${T}.create_error`, { message: errorMessage(error) ?? '' }), { type: 'error' });
    }
  };
  return (
    <Stack spacing={1.5} sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }} data-testid="new-brand">
      <TextField size="small" label={t(`${T}.brand_name`)} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      {problem && <Box sx={{ color: 'error.main', typography: 'body2' }}>{t(`${T}.brand_name_required`)}</Box>}
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={onCancel}>{t(`${T}.cancel`)}</Button>
        <Button variant="contained" onClick={submit} disabled={isPending}>
          {t(`${T}.create`)}
        </Button>
      </Stack>
    </Stack>
  );
}

export function SelectStep({ value, onChange }: { value: Partial<Selection>; onChange: (value: Partial<Selection>) => void }) {
  const t = useTranslate();
  const campaigns = useActiveCampaigns();
  const brands = useGetList<{ id: string; display_name: string }>('brands', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'display_name', order: 'ASC' },
    filter: { active: true },
  });
  const [creating, setCreating] = useState<'campaign' | 'brand' | null>(null);
  const campaignOptions = campaigns.data ?? [];
  const brandOptions = brands.data ?? [];
  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <TextField
          select
          size="small"
          label={t(`${T}.campaign`)}
          value={campaignOptions.some((c) => c.id === value.campaignId) ? value.campaignId : ''}
          onChange={(e) => onChange({ ...value, campaignId: e.target.value })}
          helperText={!campaigns.isPending && campaignOptions.length === 0 ? t(`${T}.no_campaigns`) : undefined}
          sx={{ flexGrow: 1 }}
        >
          {campaignOptions.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.nombre}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<AddIcon />} onClick={() => setCreating('campaign')} sx={{ whiteSpace: 'nowrap' }}>
          {t(`${T}.new_campaign`)}
        </Button>
      </Stack>
      {creating === 'campaign' && (
        <NewCampaign
          onCancel={() => setCreating(null)}
          onCreated={(campaignId) => {
            setCreating(null);
            onChange({ ...value, campaignId });
          }}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'stretch', sm: 'center' }}>
        <TextField
          select
          size="small"
          label={t(`${T}.brand`)}
          value={brandOptions.some((b) => b.id === value.brandId) ? value.brandId : ''}
          onChange={(e) => onChange({ ...value, brandId: e.target.value })}
          sx={{ flexGrow: 1 }}
        >
          {brandOptions.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.display_name}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<AddIcon />} onClick={() => setCreating('brand')} sx={{ whiteSpace: 'nowrap' }}>
          {t(`${T}.new_brand`)}
        </Button>
      </Stack>
      {creating === 'brand' && (
        <NewBrand
          onCancel={() => setCreating(null)}
          onCreated={(brandId) => {
            setCreating(null);
            onChange({ ...value, brandId });
          }}
        />
      )}
      <Box>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={downloadTemplate}>
          {t(`${T}.template`)}
        </Button>
      </Box>
    </Stack>
  );
}
