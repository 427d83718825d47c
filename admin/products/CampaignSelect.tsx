/** 'Todas las campañas' plus the active campaigns with end date, product count and 'Activa'. */
import { Box, Chip, FormControl, InputLabel, ListSubheader, MenuItem, Select, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatDisplayDate } from '@/lib/dates.ts';
import { useActiveCampaigns } from './hooks/useLookups.ts';

export function CampaignSelect({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  const t = useTranslate();
  const { data: campaigns = [], isPending } = useActiveCampaigns();
  const known = !value || campaigns.some((c) => c.id === value);
  return (
    <FormControl size="small" fullWidth={false} sx={{ minWidth: 280, maxWidth: 360 }}>
      <InputLabel id="campaign-select-label" shrink>
        {t('app.products.campaign')}
      </InputLabel>
      <Select
        labelId="campaign-select-label"
        label={t('app.products.campaign')}
        value={value ?? ''}
        displayEmpty
        renderValue={(v) => (v ? (campaigns.find((c) => c.id === v)?.nombre ?? '…') : t('app.products.all_campaigns'))}
        onChange={(e) => onChange(e.target.value ? String(e.target.value) : null)}
      >
        <MenuItem value="">{t('app.products.all_campaigns')}</MenuItem>
        {!isPending && campaigns.length === 0 && (
          <ListSubheader sx={{ lineHeight: 2, fontStyle: 'italic' }}>{t('app.products.no_active_campaigns')}</ListSubheader>
        )}
        {campaigns.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%' }}>
              <Box sx={{ flexGrow: 1 }}>
                <Typography variant="body2">{c.nombre}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('app.products.end_date', { date: formatDisplayDate(c.fecha_fin) })} ·{' '}
                  {t('app.products.campaign_products', { count: c.product_count ?? 0 })}
                </Typography>
              </Box>
              <Chip size="small" color="success" label={t('app.products.active')} />
            </Box>
          </MenuItem>
        ))}
        {!known && value && <MenuItem value={value} sx={{ display: 'none' }} />}
      </Select>
    </FormControl>
  );
}
