/**
 * /admin/set-password: where an invitation or a password-reset link lands. The link's session (in
 * the address's fragment) is taken at once and the fragment cleared, so the tokens never stay in
 * the address bar or the history; the person then chooses a password and enters the panel. A used
 * or expired link says so and how to get another.
 */
import { Alert, Button, CircularProgress, Link, TextField, Typography } from '@mui/material';
import { type SubmitEvent, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { startSession } from '../providers/session.ts';
import { supabase } from '../providers/supabase.ts';
import { AuthCard } from './AuthCard.tsx';
import { linkSession, passwordProblem } from './passwordRules.ts';

type State = { step: 'loading' } | { step: 'invalid' } | { step: 'form'; invited: boolean };

export function SetPasswordPage() {
  const translate = useTranslate();
  // read once: the effect below clears the address (and runs twice in development)
  const [link] = useState(() => linkSession(window.location.hash));
  const [state, setState] = useState<State>({ step: 'loading' });
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
    if (!link || 'error' in link) {
      setState({ step: 'invalid' });
      return;
    }
    supabase.auth
      .setSession({ access_token: link.access_token, refresh_token: link.refresh_token })
      .then(({ error: sessionError }) => setState(sessionError ? { step: 'invalid' } : { step: 'form', invited: link.type === 'invite' }));
  }, [link]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordProblem(password, repeated);
    if (problem) {
      setError(translate(problem));
      return;
    }
    setError(null);
    setPending(true);
    const { error: updateError } = await supabase.auth.updateUser({ password });
    if (updateError) {
      setError(translate('app.auth.password_failed'));
      setPending(false);
      return;
    }
    startSession(window.localStorage);
    window.location.assign('/admin/');
  };

  if (state.step === 'loading') {
    return (
      <AuthCard title={translate('app.auth.new_password_title')}>
        <CircularProgress sx={{ alignSelf: 'center' }} />
      </AuthCard>
    );
  }
  if (state.step === 'invalid') {
    return (
      <AuthCard title={translate('app.auth.new_password_title')}>
        <Alert severity="warning">{translate('app.auth.link_invalid')}</Alert>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {translate('app.auth.back_to_login')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={translate(state.invited ? 'app.auth.welcome_title' : 'app.auth.new_password_title')} onSubmit={submit}>
      {state.invited && <Typography color="text.secondary">{translate('app.auth.welcome_help')}</Typography>}
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        label={translate('app.auth.new_password')}
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label={translate('app.auth.repeat_password')}
        name="repeat-password"
        type="password"
        autoComplete="new-password"
        required
        value={repeated}
        onChange={(e) => setRepeated(e.target.value)}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={pending}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {translate('app.auth.save_password')}
      </Button>
    </AuthCard>
  );
}
