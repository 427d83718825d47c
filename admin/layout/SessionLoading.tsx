/** Full-page loader while the session is resolved: 'Verificando tu sesión'. */
import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

export function SessionLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', height: '100vh', gap: 2 }}
    >
      <CircularProgress />
      <Typography>{translate('app.auth.checking')}</Typography>
    </Box>
  );
}
