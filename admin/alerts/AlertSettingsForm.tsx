/**
 * 'Configuración': the alert settings, the one alert_settings row (how many people a size back
 * tells per piece, the hour of the day-before-end alert, how long a request is kept). Owners change
 * them; editors and analysts read them. A value out of range is refused in the form and by the
 * database, in the same words; a save that someone else's came before is refused (no lost edits),
 * and a saved one publishes the shop again (the privacy notice prints how long requests are kept).
 */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { EditBase, Form, NumberInput, SaveButton, useCanAccess, useGetOne, useNotify, useTranslate } from 'react-admin';
import { LoadedRecord } from '../common/LoadedRecord.tsx';
import { useSaveError } from '../common/useSaveError.tsx';
import { type AlertSetting, SETTINGS_RANGES, settingError } from './rules.ts';

/** The settings row's fixed key: the table holds exactly one row. */
const SETTINGS_ID = 1;
const SETTINGS = Object.keys(SETTINGS_RANGES) as AlertSetting[];

export function AlertSettingsForm() {
  const translate = useTranslate();
  const { canAccess: owns, isPending } = useCanAccess({ resource: 'alert_settings', action: 'edit' });
  return (
    <Card sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.alerts.settings_title')}
        </Typography>
        {isPending ? null : owns ? <OwnerForm /> : <ReadOnlySettings />}
      </CardContent>
    </Card>
  );
}

function OwnerForm() {
  const notify = useNotify();
  const saveError = useSaveError();
  return (
    <EditBase
      resource="alert_settings"
      id={SETTINGS_ID}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => notify('app.alerts.settings_saved', { type: 'success' }),
        onError: (error: unknown) => saveError(error, 'app.alerts.settings_error'),
      }}
    >
      <LoadedRecord>
        <Form>
          <Stack spacing={1}>
            {SETTINGS.map((setting) => (
              <NumberInput
                key={setting}
                source={setting}
                min={SETTINGS_RANGES[setting].min}
                max={SETTINGS_RANGES[setting].max}
                step={1}
                validate={settingError(setting)}
                helperText={`app.alerts.settings_help.${setting}`}
                fullWidth
              />
            ))}
            <div>
              <SaveButton />
            </div>
          </Stack>
        </Form>
      </LoadedRecord>
    </EditBase>
  );
}

/** Editors and analysts: the values and what each means, and who may change them. */
function ReadOnlySettings() {
  const translate = useTranslate();
  const { data } = useGetOne<{ id: number } & Record<AlertSetting, number>>('alert_settings', { id: SETTINGS_ID });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('app.alerts.settings_read_only')}
      </Typography>
      <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
        {SETTINGS.map((setting) => (
          <div key={setting}>
            <Typography component="dt" variant="subtitle2">
              {translate(`resources.alert_settings.fields.${setting}`)}: {data ? data[setting] : '…'}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {translate(`app.alerts.settings_help.${setting}`)}
            </Typography>
          </div>
        ))}
      </Stack>
    </>
  );
}
