/**
 * /admin/login: 'Panel de Administración', user (the account's email) and password, 'Iniciar Sesión'.
 * Errors: 'Credenciales incorrectas', 'Error al iniciar sesión. Inténtalo de nuevo.', or no access.
 * Then the second step when it applies: the 6-digit code of the person's authenticator app, or,
 * when the team requires two steps of someone without an app, enrolling one (TwoFactorEnrol).
 * After login react-admin returns to the page first asked for (location state), else /admin.
 * '¿Olvidaste tu contraseña?' leads to a page that mails a link to choose a new one.
 */
import { Alert, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { type SubmitEvent, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { AUTH_ERRORS, type LoginParams } from '../providers/authProvider.ts';
import { TWO_FACTOR_LOCKED } from '../providers/twoFactor.ts';
import { AuthCard } from './AuthCard.tsx';
import { TwoFactorEnrol } from './TwoFactorEnrol.tsx';

type Step = 'password' | 'code' | 'enrol';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [step, setStep] = useState<Step>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const attempt = async (params: LoginParams) => {
    setError(null);
    setPending(true);
    try {
      await login(params);
    } catch (e) {
      const key = e instanceof Error && e.message.startsWith('app.') ? e.message : 'app.auth.login_failed';
      if (key === AUTH_ERRORS.codeRequired) setStep('code');
      else if (key === AUTH_ERRORS.enrolRequired) setStep('enrol');
      else {
        // after too many wrong codes the session is gone: back to the password
        if (key === TWO_FACTOR_LOCKED) {
          setStep('password');
          setCode('');
        }
        setError(translate(key));
      }
      setPending(false);
    }
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(step === 'code' ? { code } : { username: username.trim(), password });
  };

  const submitButton = (label: string) => (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : null}
    >
      {label}
    </Button>
  );

  if (step === 'enrol') {
    return (
      <AuthCard title={translate('app.two_factor.title')}>
        <Alert severity="info">{translate('app.two_factor.required_enrol')}</Alert>
        {error && <Alert severity="error">{error}</Alert>}
        <TwoFactorEnrol onDone={() => void attempt({ enrolled: true })} />
      </AuthCard>
    );
  }

  if (step === 'code') {
    return (
      <AuthCard title={translate('app.two_factor.title')} onSubmit={submit}>
        <Typography color="text.secondary">{translate('app.two_factor.sign_in_code')}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={translate('app.two_factor.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 7 } }}
        />
        {submitButton(translate('app.two_factor.verify'))}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={translate('app.auth.title')} onSubmit={submit}>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={translate('app.auth.username')}
        name="username"
        type="email"
        autoComplete="username"
        required
        autoFocus
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        label={translate('app.auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {submitButton(translate('app.auth.sign_in'))}
      <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
        {translate('app.auth.forgot')}
      </Link>
    </AuthCard>
  );
}
