/**
 * Avisos: the back office's view of 'Avísame' (owners, editors and analysts; the database answers
 * counts only, never a contact). Tabs: 'En espera' (who waits now, per campaign and per size, and
 * each campaign's alert code), 'Enviados' and 'Códigos' (the period's alerts and the codes' uses,
 * for a period of Mexico City days like Analytics' range, or the whole history), 'Configuración'
 * (the alert settings, owners write). Loaded when first opened.
 */
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { PeriodSelect } from '../analytics/parts.tsx';
import { lastDays } from '../common/analytics-display.ts';
import { AlertSettingsForm } from './AlertSettingsForm.tsx';
import { CodeUsesTab } from './CodeUsesTab.tsx';
import { SentTab } from './SentTab.tsx';
import { WaitingTab } from './WaitingTab.tsx';

const PERIODS = [7, 30, 90, 0] as const;
const DEFAULT_PERIOD = 30;
const TABS = ['waiting', 'sent', 'codes', 'settings'] as const;
type TabName = (typeof TABS)[number];

export default function AlertsPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabName>('waiting');
  const [days, setDays] = useState<number>(DEFAULT_PERIOD);
  // the whole history has neither a first nor a last day
  const range = useMemo(() => {
    if (days === 0) return { start_date: null, end_date: null };
    const { start, end } = lastDays(days);
    return { start_date: start, end_date: end };
  }, [days]);
  const periodTab = tab === 'sent' || tab === 'codes';

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.alerts.title')} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {translate('app.alerts.title')}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
        {translate('app.alerts.subtitle')}
      </Typography>
      <Tabs value={tab} onChange={(_e, value: TabName) => setTab(value)} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
        {TABS.map((name) => (
          <Tab key={name} value={name} label={translate(`app.alerts.tab_${name}`)} />
        ))}
      </Tabs>
      {periodTab && (
        <Box sx={{ mb: 2 }}>
          <PeriodSelect value={days} options={PERIODS} onChange={setDays} />
        </Box>
      )}
      {tab === 'waiting' && <WaitingTab />}
      {tab === 'sent' && <SentTab range={range} />}
      {tab === 'codes' && <CodeUsesTab range={range} />}
      {tab === 'settings' && <AlertSettingsForm />}
    </Box>
  );
}
