/**
 * 'Exigir verificación en dos pasos a todo el equipo': once on, everyone enrols an authenticator
 * app at their next sign-in, and the database counts nobody as staff without the second step.
 * Switching it on takes an owner who signed in with their own second step (the server says so).
 */
import { FormControlLabel, Switch } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { setTeamRequiresTwoFactor, teamRequiresTwoFactor } from '../providers/twoFactor.ts';

export function TeamTwoFactorSwitch() {
  const notify = useNotify();
  const [required, setRequired] = useState<boolean | null>(null);
  useEffect(() => {
    teamRequiresTwoFactor()
      .then(setRequired)
      .catch(() => setRequired(false));
  }, []);

  const change = async (value: boolean) => {
    try {
      setRequired(await setTeamRequiresTwoFactor(value));
      notify(value ? 'Todo el equipo entrará con verificación en dos pasos' : 'La verificación en dos pasos ya no es obligatoria', {
        type: 'success',
      });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };

  return (
    <FormControlLabel
      control={<Switch checked={required === true} disabled={required === null} onChange={(e) => void change(e.target.checked)} />}
      label="Exigir verificación en dos pasos a todo el equipo"
    />
  );
}
