/** 'Próxima' / 'Activa' / 'Finalizada' (src/lib/campaign.ts), as a coloured chip. */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { adminCampaignStatus, type CampaignDates } from '@/lib/campaign.ts';

const KEYS = {
  Próxima: { key: 'app.campaigns.status.upcoming', color: 'info' },
  Activa: { key: 'app.campaigns.status.active', color: 'success' },
  Finalizada: { key: 'app.campaigns.status.ended', color: 'default' },
} as const;

export function CampaignStatusChip({ campaign }: { campaign: CampaignDates }) {
  const translate = useTranslate();
  const status = KEYS[adminCampaignStatus(campaign)];
  return <Chip size="small" label={translate(status.key)} color={status.color} />;
}
