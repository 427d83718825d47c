/** An honest 'Próximamente' for back-office screens that are not built yet (analytics, reports, activity). */
import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

export function ComingSoon({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate(titleKey)} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(titleKey)}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <ConstructionIcon color="action" />
          <Box>
            <Typography variant="h6">{translate('app.coming_soon')}</Typography>
            <Typography color="text.secondary">{translate('app.coming_soon_detail')}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}

export const ActivityPage = () => <ComingSoon titleKey="app.pages.activity" />;
export const AnalyticsPage = () => <ComingSoon titleKey="app.pages.analytics" />;
export const ReportsPage = () => <ComingSoon titleKey="app.pages.reports" />;
