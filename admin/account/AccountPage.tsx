/**
 * 'Mi cuenta': the signed-in person's address and role, a new password (typed twice, 8 characters
 * or more) and their two-step sign-in (TwoFactorSection). Everyone on the team has it.
 */
import { Alert, Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { type SubmitEvent, useState } from 'react';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type StaffRole } from '../common/staff-roles.ts';
import { passwordProblem } from '../login/passwordRules.ts';
import { supabase } from '../providers/supabase.ts';
import { TwoFactorSection } from './TwoFactorSection.tsx';

export default function AccountPage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions: role } = usePermissions<StaffRole | null>();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordProblem(password, repeated);
    if (problem) {
      setResult({ ok: false, text: translate(problem) });
      return;
    }
    setPending(true);
    const { error } = await supabase.auth.updateUser({ password });
    setPending(false);
    setResult(
      error ? { ok: false, text: translate('app.auth.password_failed') } : { ok: true, text: translate('app.auth.password_saved') },
    );
    if (!error) {
      setPassword('');
      setRepeated('');
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
      <Title title="Mi cuenta" />
      <Typography variant="h5" component="h1">
        Mi cuenta
      </Typography>
      <Card>
        <CardContent>
          <Typography variant="body2" color="text.secondary">
            Correo
          </Typography>
          <Typography sx={{ mb: 1 }}>{identity?.fullName ?? '…'}</Typography>
          <Typography variant="body2" color="text.secondary">
            Rol
          </Typography>
          <Typography>{role ? ROLE_LABELS[role] : '…'}</Typography>
          {role && (
            <Typography variant="body2" color="text.secondary">
              {ROLE_DESCRIPTIONS[role]}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent component="form" onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h2">
            Cambiar contraseña
          </Typography>
          {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
          <TextField
            label={translate('app.auth.new_password')}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <TextField
            label={translate('app.auth.repeat_password')}
            type="password"
            autoComplete="new-password"
            required
            value={repeated}
            onChange={(e) => setRepeated(e.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={pending}
            sx={{ alignSelf: 'flex-start' }}
            startIcon={pending ? <CircularProgress size={16} /> : null}
          >
            {translate('app.auth.save_password')}
          </Button>
        </CardContent>
      </Card>
      <TwoFactorSection />
    </Box>
  );
}
