/**
 * 'General': the shop's contact points the storefront shows (the seller's chat number, contact email,
 * opening hours, social profiles and chat-group invite), and how orders hold their pieces (for how
 * long, edited as hours and minutes, and how many one network may hold at once), the one
 * shop_settings row. A bad value is
 * refused with its message and nothing is saved; a save shows 'Configuración guardada' and asks for a
 * publication (the database records the rebuild request).
 */
import { Box, Card, CardContent, Divider, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import {
  ArrayInput,
  EditBase,
  Form,
  maxLength,
  NumberInput,
  required,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  useInput,
  useNotify,
  useTranslate,
  ValidationError,
} from 'react-admin';
import { LoadedRecord } from '../common/LoadedRecord.tsx';
import { MAX_OPENING_HOURS_TEXT } from '@/lib/shop-settings.ts';
import { blankToNull } from '../common/validators.ts';
import {
  contactEmailError,
  holdMinutesError,
  holdTimeText,
  httpsUrlError,
  joinMinutes,
  maxHeldError,
  openingHoursError,
  pickGeneral,
  sellerPhoneError,
  splitMinutes,
} from './generalRules.ts';
import { useSaveError } from '../common/useSaveError.tsx';

/** The settings row's fixed key: the table holds exactly one row. */
const SETTINGS_ID = 1;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * 'Tiempo de apartado': hold_minutes edited as whole hours and minutes (an owner thinks '4 h', not
 * '240'); the helper reads the saved time back, and a time out of range gets its message.
 */
function HoldTimeInput() {
  const translate = useTranslate();
  const labelId = useId();
  const { field, fieldState, formState } = useInput({ source: 'hold_minutes', validate: holdMinutesError });
  const stored = typeof field.value === 'number' ? field.value : null;
  const [hours, setHours] = useState(stored === null ? '' : String(splitMinutes(stored).hours));
  const [minutes, setMinutes] = useState(stored === null ? '' : String(splitMinutes(stored).minutes));
  // a value that changed outside these boxes (the record loaded or saved) shows in them
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the stored value only, not each keystroke
  useEffect(() => {
    if (stored === null || stored === joinMinutes(hours, minutes)) return;
    setHours(String(splitMinutes(stored).hours));
    setMinutes(String(splitMinutes(stored).minutes));
  }, [stored]);
  const change = (h: string, m: string) => {
    setHours(h);
    setMinutes(m);
    field.onChange(joinMinutes(h, m));
  };
  const shown = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  const box = { htmlInput: { min: 0, step: 1, inputMode: 'numeric' as const } };
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 1 }}>
        {translate('resources.shop_settings.fields.hold_minutes')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <TextField
          label={translate('app.settings.general.hold_hours')}
          type="number"
          value={hours}
          onChange={(e) => change(e.target.value, minutes)}
          onBlur={field.onBlur}
          error={shown}
          slotProps={box}
          sx={{ width: 120 }}
        />
        <TextField
          label={translate('app.settings.general.hold_minutes')}
          type="number"
          value={minutes}
          onChange={(e) => change(hours, e.target.value)}
          onBlur={field.onBlur}
          error={shown}
          slotProps={{ htmlInput: { ...box.htmlInput, max: 59 } }}
          sx={{ width: 120 }}
        />
      </Box>
      <FormHelperText error={shown} sx={{ mx: 1.75 }}>
        {shown && fieldState.error?.message ? (
          <ValidationError error={fieldState.error.message} />
        ) : (
          translate('app.settings.general.hold_help', { time: stored === null ? '—' : holdTimeText(stored) })
        )}
      </FormHelperText>
    </Box>
  );
}

export function GeneralSettings() {
  const translate = useTranslate();
  const notify = useNotify();
  const saveError = useSaveError();
  return (
    <Card>
      <CardContent>
        <EditBase
          resource="shop_settings"
          id={SETTINGS_ID}
          mutationMode="pessimistic"
          redirect={false}
          transform={pickGeneral}
          queryOptions={{ onError: () => notify('app.settings.general.load_error', { type: 'error' }) }}
          mutationOptions={{
            onSuccess: () => notify('app.settings.general.saved', { type: 'success' }),
            onError: (error: unknown) => saveError(error, 'app.settings.general.save_error'),
          }}
        >
          <LoadedRecord>
            <Form>
              <Stack spacing={1} sx={{ maxWidth: 720 }}>
                <Typography variant="h6" component="h2">
                  {translate('app.settings.general.contact')}
                </Typography>
                <TextInput
                  source="seller_phone"
                  parse={trimmed}
                  validate={[required(), sellerPhoneError]}
                  helperText="app.settings.general.phone_help"
                  inputMode="numeric"
                  fullWidth
                />
                <TextInput source="contact_email" type="email" parse={trimmed} validate={[required(), contactEmailError]} fullWidth />

                <Divider sx={{ my: 1 }} />
                <Typography variant="h6" component="h2">
                  {translate('app.settings.general.hours')}
                </Typography>
                <ArrayInput source="opening_hours" label={false} validate={openingHoursError}>
                  {/* Each line's remove button stays visible: phones have no hover to reveal it. */}
                  <SimpleFormIterator
                    inline
                    disableReordering
                    disableClear
                    sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
                  >
                    <TextInput
                      source="days"
                      label="resources.shop_settings.fields.days"
                      validate={[required(), maxLength(MAX_OPENING_HOURS_TEXT)]}
                      helperText={false}
                    />
                    <TextInput
                      source="hours"
                      label="resources.shop_settings.fields.hours"
                      validate={[required(), maxLength(MAX_OPENING_HOURS_TEXT)]}
                      helperText={false}
                    />
                  </SimpleFormIterator>
                </ArrayInput>

                <Divider sx={{ my: 1 }} />
                <Typography variant="h6" component="h2">
                  {translate('app.settings.general.links')}
                </Typography>
                {(['instagram_url', 'facebook_url', 'tiktok_url'] as const).map((source) => (
                  <TextInput
                    key={source}
                    source={source}
                    type="url"
                    parse={(v) => blankToNull(trimmed(v))}
                    validate={httpsUrlError}
                    helperText="app.settings.general.url_help"
                    fullWidth
                  />
                ))}
                <TextInput
                  source="chat_group_url"
                  type="url"
                  parse={(v) => blankToNull(trimmed(v))}
                  validate={httpsUrlError}
                  helperText="app.settings.general.chat_group_help"
                  fullWidth
                />

                <Divider sx={{ my: 1 }} />
                <Typography variant="h6" component="h2">
                  {translate('app.settings.general.holds')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.settings.general.holds_intro')}
                </Typography>
                <HoldTimeInput />
                <Box>
                  {/* a short box for a number, its explanation across the form */}
                  <NumberInput source="max_held_per_network" validate={maxHeldError} helperText={false} step={1} sx={{ width: 260 }} />
                  <FormHelperText sx={{ mx: 1.75, mt: 0 }}>{translate('app.settings.general.max_held_help')}</FormHelperText>
                </Box>
                <Box>
                  <SaveButton label="app.save" />
                </Box>
              </Stack>
            </Form>
          </LoadedRecord>
        </EditBase>
      </CardContent>
    </Card>
  );
}
