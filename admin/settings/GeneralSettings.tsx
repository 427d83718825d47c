/**
 * 'General': the shop's contact points the storefront shows (the seller's chat number, contact email,
 * opening hours, social profiles and chat-group invite), the one shop_settings row. A bad value is
 * refused with its message and nothing is saved; a save shows 'Configuración guardada' and asks for a
 * publication (the database records the rebuild request).
 */
import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  EditBase,
  Form,
  maxLength,
  required,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useTranslate,
} from 'react-admin';
import { LoadedRecord } from '../common/LoadedRecord.tsx';
import { MAX_OPENING_HOURS_TEXT } from '@/lib/shop-settings.ts';
import { blankToNull } from '../common/validators.ts';
import { contactEmailError, httpsUrlError, openingHoursError, pickGeneral, sellerPhoneError } from './generalRules.ts';
import { useSaveError } from '../common/useSaveError.tsx';

/** The settings row's fixed key: the table holds exactly one row. */
const SETTINGS_ID = 1;
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

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
