/**
 * The code a campaign's alerts carry, chosen from the shop's codes (or typed: the database stores it
 * upper case and refuses one the shop does not have with 'Ese código no existe', shown here as it
 * is). 'Quitar código' leaves the campaign's alerts without one. Owners and editors only.
 */
import { Alert, Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { refusalMessage } from '../common/errors.ts';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import type { CampaignRow } from './rules.ts';

const ALL_CODES = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'codigo', order: 'ASC' as const } };

export function CampaignCodeDialog({ campaign, onClose }: { campaign: CampaignRow; onClose: (saved: boolean) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const codes = useGetList<{ id: string; codigo: string; activo: boolean }>('discount_codes', ALL_CODES);
  const [code, setCode] = useState(campaign.codigo_descuento ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const save = async (value: string | null) => {
    setPending(true);
    setError(null);
    try {
      const stored = await dataProvider.setCampaignAlertCode(campaign.campaign_id, value);
      notify(
        stored
          ? translate('app.alerts.code_saved', { campaign: campaign.campana, code: stored })
          : translate('app.alerts.code_removed', { campaign: campaign.campana }),
        { type: 'success' },
      );
      onClose(true);
    } catch (e) {
      setError(refusalMessage(e) ?? translate('app.alerts.code_error'));
    } finally {
      setPending(false);
    }
  };

  const titleId = `codigo-${campaign.campaign_id}`;
  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('app.alerts.code_dialog_title', { campaign: campaign.campana })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.alerts.code_dialog_help')}
        </Typography>
        <Autocomplete
          freeSolo
          options={(codes.data ?? []).map((c) => c.codigo)}
          getOptionLabel={(option) => option}
          renderOption={({ key, ...props }, option) => {
            const inactive = codes.data?.find((c) => c.codigo === option)?.activo === false;
            return (
              <li key={key} {...props}>
                {option}
                {inactive && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {translate('app.alerts.inactive')}
                  </Typography>
                )}
              </li>
            );
          }}
          inputValue={code}
          onInputChange={(_event, value) => setCode(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('app.alerts.code_field')}
              autoFocus
              slotProps={{ htmlInput: { ...params.inputProps, autoCapitalize: 'characters', spellCheck: false } }}
            />
          )}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {campaign.codigo_descuento && (
          <Button color="error" onClick={() => save(null)} disabled={pending} sx={{ mr: 'auto' }}>
            {translate('app.alerts.remove_code')}
          </Button>
        )}
        <Button onClick={() => onClose(false)} disabled={pending}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => save(code)} disabled={pending || code.trim() === ''}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
