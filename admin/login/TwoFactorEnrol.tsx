/**
 * Enrolling an authenticator app: the QR code to scan, the same secret as text, and the first
 * 6-digit code, which verifies the app and raises this session to two steps. Used by 'Mi cuenta'
 * and by the sign-in when the team requires it of someone who has no app yet.
 */
import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { type SubmitEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type Enrolment, enrolApp, verifyCode } from '../providers/twoFactor.ts';

export function TwoFactorEnrol({ onDone }: { onDone: () => void }) {
  const translate = useTranslate();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    enrolApp()
      .then(setEnrolment)
      .catch((e: Error) => setError(translate(e.message)));
  }, [translate]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    if (!enrolment) return;
    setPending(true);
    setError(null);
    try {
      await verifyCode(enrolment.factorId, code);
      onDone();
    } catch (e) {
      setError(translate((e as Error).message));
      setPending(false);
    }
  };

  if (!enrolment) return error ? <Alert severity="error">{error}</Alert> : <CircularProgress size={24} />;
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2">{translate('app.two_factor.scan')}</Typography>
      <Box
        component="img"
        src={enrolment.qr}
        alt={translate('app.two_factor.qr_alt')}
        sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: 'common.white' }}
      />
      <Typography variant="body2" color="text.secondary">
        {translate('app.two_factor.secret')}{' '}
        <Box component="code" data-testid="two-factor-secret" sx={{ wordBreak: 'break-all', fontWeight: 600 }}>
          {enrolment.secret}
        </Box>
      </Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={translate('app.two_factor.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 7 } }}
      />
      <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : null}>
        {translate('app.two_factor.activate')}
      </Button>
    </Box>
  );
}
