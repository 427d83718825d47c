/**
 * What a form says when its save fails: when someone else saved the same record after the form
 * loaded it (a ConflictError, nothing written), a toast that stays until closed, says so and offers
 * 'Recargar' (the page reloads with the saved version; this form's changes are dropped); a refusal
 * the database words for people (PT4xx), its own sentence; any other failure, the form's own message.
 */
import { Box, Button } from '@mui/material';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { isConflict, refusalMessage } from './errors.ts';

export function ConflictNotice() {
  const translate = useTranslate();
  return (
    <Box>
      {translate('app.conflict')}
      <Box sx={{ mt: 1 }}>
        <Button variant="outlined" color="inherit" size="small" onClick={() => window.location.reload()}>
          {translate('app.reload')}
        </Button>
      </Box>
    </Box>
  );
}

export function useSaveError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      const refusal = refusalMessage(error);
      if (isConflict(error)) notify(<ConflictNotice />, { type: 'error', autoHideDuration: null });
      else if (refusal) notify(refusal, { type: 'error', autoHideDuration: null, messageArgs: { _: refusal } });
      else notify(fallbackKey, { type: 'error' });
    },
    [notify],
  );
}
