/**
 * 'Políticas': the shop's policies every page prints (shipping, delivery times by zone, returns,
 * refunds, revocation, cancellation, payment, interest-free months, the seller's legal identity),
 * columns of the one shop_settings row. Seller details the law asks for that are still empty are
 * named in a warning here (the pages leave them out until then). A bad value is refused with its
 * message and nothing is saved; a save shows 'Configuración guardada' and asks for a publication.
 */
import { Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import {
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  EditBase,
  Form,
  maxLength,
  NumberInput,
  required,
  SaveButton,
  SimpleFormIterator,
  TextInput,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LoadedRecord } from '../common/LoadedRecord.tsx';
import { INSTALLMENT_MONTH_CHOICES, type PolicyColumns } from '@/lib/policies.ts';
import { MissingSellerAlert } from './MissingSellerNotice.tsx';
import {
  deliveryZonesError,
  installmentMonthsError,
  linesToList,
  listToLines,
  paymentMethodsError,
  pickPolicies,
  revocationDaysError,
  rfcError,
  wholeNumber,
} from './policiesRules.ts';
import { useSaveError } from '../common/useSaveError.tsx';

const SETTINGS_ID = 1;
const MONTH_CHOICES = INSTALLMENT_MONTH_CHOICES.map((m) => ({ id: m, name: `${m} meses` }));

/** The seller details the pages cannot show yet, from the saved row. */
function MissingSellerWarning() {
  return <MissingSellerAlert row={useRecordContext<PolicyColumns & { id: number }>()} />;
}

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Divider sx={{ my: 1 }} />
      <Typography variant="h6" component="h2">
        {translate(title)}
      </Typography>
    </>
  );
}

export function PoliciesSettings() {
  const notify = useNotify();
  const translate = useTranslate();
  const saveError = useSaveError();
  return (
    <Card>
      <CardContent>
        <EditBase
          resource="shop_settings"
          id={SETTINGS_ID}
          mutationMode="pessimistic"
          redirect={false}
          transform={pickPolicies}
          queryOptions={{ onError: () => notify('app.settings.general.load_error', { type: 'error' }) }}
          mutationOptions={{
            onSuccess: () => notify('app.settings.general.saved', { type: 'success' }),
            onError: (error: unknown) => saveError(error, 'app.settings.general.save_error'),
          }}
        >
          <LoadedRecord>
            <Form>
              <Stack spacing={1} sx={{ maxWidth: 720 }}>
                <MissingSellerWarning />
                <Typography variant="body2" color="text.secondary">
                  {translate('app.settings.policies.intro')}
                </Typography>

                <Section title="app.settings.policies.shipping" />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                  <NumberInput
                    source="free_shipping_min"
                    validate={wholeNumber(1, 1_000_000, true)}
                    helperText="app.settings.policies.free_shipping_help"
                    step={1}
                    fullWidth
                  />
                  <NumberInput source="shipping_cost" validate={wholeNumber(0, 100_000)} step={1} fullWidth />
                </Stack>
                <Typography variant="subtitle2">{translate('resources.shop_settings.fields.delivery_zones')}</Typography>
                <ArrayInput
                  source="delivery_zones"
                  label={false}
                  validate={deliveryZonesError}
                  helperText="app.settings.policies.zones_help"
                >
                  <SimpleFormIterator inline disableClear sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}>
                    <TextInput
                      source="zone"
                      label="resources.shop_settings.fields.zone"
                      validate={[required(), maxLength(80)]}
                      helperText={false}
                    />
                    <NumberInput
                      source="min_days"
                      label="resources.shop_settings.fields.min_days"
                      validate={wholeNumber(1, 60)}
                      helperText={false}
                      step={1}
                      sx={{ width: 130 }}
                    />
                    <NumberInput
                      source="max_days"
                      label="resources.shop_settings.fields.max_days"
                      validate={wholeNumber(1, 60)}
                      helperText={false}
                      step={1}
                      sx={{ width: 130 }}
                    />
                  </SimpleFormIterator>
                </ArrayInput>

                <Section title="app.settings.policies.returns" />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
                  <NumberInput
                    source="return_days"
                    validate={wholeNumber(7, 365)}
                    helperText="app.settings.policies.return_days_help"
                    step={1}
                    fullWidth
                  />
                  <NumberInput
                    source="refund_days"
                    validate={wholeNumber(1, 30)}
                    helperText="app.settings.policies.refund_days_help"
                    step={1}
                    fullWidth
                  />
                </Stack>
                <BooleanInput source="free_returns" helperText="app.settings.policies.free_returns_help" />
                <TextInput source="return_conditions" multiline minRows={2} validate={[required(), maxLength(500)]} fullWidth />
                <NumberInput
                  source="revocation_days"
                  validate={revocationDaysError}
                  helperText="app.settings.policies.revocation_help"
                  step={1}
                />
                <TextInput source="cancellation_terms" multiline minRows={2} validate={[required(), maxLength(500)]} fullWidth />

                <Section title="app.settings.policies.payment" />
                <TextInput
                  source="payment_methods"
                  multiline
                  minRows={3}
                  format={listToLines}
                  parse={linesToList}
                  validate={paymentMethodsError}
                  helperText="app.settings.policies.methods_help"
                  fullWidth
                />
                <NumberInput
                  source="installments_min"
                  validate={wholeNumber(1, 1_000_000, true)}
                  helperText="app.settings.policies.installments_help"
                  step={1}
                />
                <CheckboxGroupInput source="installment_months" choices={MONTH_CHOICES} validate={installmentMonthsError} />

                <Section title="app.settings.policies.seller" />
                <TextInput
                  source="seller_legal_name"
                  validate={maxLength(200)}
                  helperText="app.settings.policies.legal_name_help"
                  fullWidth
                />
                <TextInput
                  source="seller_rfc"
                  validate={rfcError}
                  parse={(v: string) => v.toUpperCase()}
                  helperText="app.settings.policies.rfc_help"
                  fullWidth
                />
                <TextInput
                  source="seller_address"
                  multiline
                  validate={maxLength(300)}
                  helperText="app.settings.policies.address_help"
                  fullWidth
                />
                <TextInput
                  source="privacy_controller"
                  validate={maxLength(200)}
                  helperText="app.settings.policies.privacy_help"
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
