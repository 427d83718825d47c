/**
 * 'Mi cuenta' → 'Verificación en dos pasos': whether the person signs in with an authenticator app,
 * enrolling one, or removing it (not while the team requires two steps).
 */
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { TwoFactorEnrol } from '../login/TwoFactorEnrol.tsx';
import { removeFactor, teamRequiresTwoFactor, verifiedFactorId } from '../providers/twoFactor.ts';

export function TwoFactorSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<{ factorId: string | null; required: boolean } | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const [factorId, required] = await Promise.all([verifiedFactorId(), teamRequiresTwoFactor()]);
    setState({ factorId, required });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const remove = async (factorId: string) => {
    setError(null);
    try {
      await removeFactor(factorId);
      notify(translate('app.two_factor.removed'), { type: 'success' });
      await load();
    } catch (e) {
      setError(translate((e as Error).message));
    }
  };

  return (
    <Card>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {translate('app.two_factor.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.two_factor.help')}
        </Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {state === null ? (
          <CircularProgress size={24} />
        ) : state.factorId ? (
          <>
            <Alert severity="success">{translate('app.two_factor.enabled')}</Alert>
            {state.required ? (
              <Typography variant="body2">{translate('app.two_factor.required_note')}</Typography>
            ) : (
              <Box>
                <Button color="error" onClick={() => void remove(state.factorId!)}>
                  {translate('app.two_factor.remove')}
                </Button>
              </Box>
            )}
          </>
        ) : enrolling ? (
          <TwoFactorEnrol
            onDone={() => {
              setEnrolling(false);
              notify(translate('app.two_factor.activated'), { type: 'success' });
              void load();
            }}
          />
        ) : (
          <>
            <Typography variant="body2">{translate('app.two_factor.disabled')}</Typography>
            <Box>
              <Button variant="contained" onClick={() => setEnrolling(true)}>
                {translate('app.two_factor.enable')}
              </Button>
            </Box>
          </>
        )}
      </CardContent>
    </Card>
  );
}
