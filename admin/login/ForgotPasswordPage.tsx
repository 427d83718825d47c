/**
 * /admin/forgot-password: mails a link to choose a new password. The answer is the same whether or
 * not the address has an account, so the page tells nobody which addresses do.
 */
import { Alert, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { type SubmitEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { setPasswordUrl } from '../providers/authProvider.ts';
import { supabase } from '../providers/supabase.ts';
import { AuthCard } from './AuthCard.tsx';

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: setPasswordUrl() });
    setPending(false);
    if (error?.status === 429) setResult({ ok: false, text: translate('app.auth.forgot_too_many') });
    else if (error && error.status !== undefined && error.status >= 500) setResult({ ok: false, text: translate('app.auth.login_failed') });
    else setResult({ ok: true, text: translate('app.auth.forgot_sent') });
  };

  return (
    <AuthCard title={translate('app.auth.forgot_title')} onSubmit={submit}>
      <Typography color="text.secondary">{translate('app.auth.forgot_help')}</Typography>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <TextField
        label={translate('app.auth.username')}
        name="email"
        type="email"
        autoComplete="username"
        required
        autoFocus
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {translate('app.auth.forgot_send')}
      </Button>
      <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
        {translate('app.auth.back_to_login')}
      </Link>
    </AuthCard>
  );
}
