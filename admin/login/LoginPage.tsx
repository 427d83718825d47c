/**
 * /admin/login: 'Panel de Administración', user (the account's email) and password, 'Iniciar Sesión'.
 * Errors: 'Credenciales incorrectas', 'Error al iniciar sesión. Inténtalo de nuevo.', or no access.
 * After login react-admin returns to the page first asked for (location state), else /admin.
 * '¿Olvidaste tu contraseña?' leads to a page that mails a link to choose a new one.
 */
import { Alert, Button, CircularProgress, Link, TextField } from '@mui/material';
import { type SubmitEvent, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from './AuthCard.tsx';

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setPending(true);
    try {
      await login({ username: username.trim(), password });
    } catch (e) {
      const key = e instanceof Error && e.message.startsWith('app.auth.') ? e.message : 'app.auth.login_failed';
      setError(translate(key));
      setPending(false);
    }
  };

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
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {translate('app.auth.sign_in')}
      </Button>
      <Link component={RouterLink} to="/forgot-password" sx={{ alignSelf: 'center' }}>
        {translate('app.auth.forgot')}
      </Link>
    </AuthCard>
  );
}
