/**
 * The discount code form (new and edit): the code (only when creating: it never changes), the
 * discount (a percentage or an amount), what it applies to (the shop, one campaign, category or
 * brand), the minimum, the days, the limits of uses in all and per shopper network, whether it is
 * active, and the team's own note; an edit shows the uses so far. Checked as a whole
 * (rules.ts: validateDiscountCode) with the database's words beside each field.
 */
import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { CODE_KINDS, CODE_SCOPES, type DiscountCodeValues, usesText, validateDiscountCode } from './rules.ts';

const all = { pagination: { page: 1, perPage: 1000 } };
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

export function DiscountCodeForm() {
  const translate = useTranslate();
  const record = useRecordContext<DiscountCodeValues & { id: string; usos: number; usos_maximos: number | null }>();
  const editing = Boolean(record?.id);
  const kinds = CODE_KINDS.map((id) => ({ id, name: translate(`app.discount_codes.kind_${id}`) }));
  const scopes = CODE_SCOPES.map((id) => ({ id, name: translate(`app.discount_codes.scope_${id}`) }));
  return (
    <SimpleForm
      validate={(values) => validateDiscountCode({ ...(values as DiscountCodeValues), usos: record?.usos }, editing)}
      toolbar={
        <Toolbar>
          <SaveButton alwaysEnable={!editing} />
        </Toolbar>
      }
      defaultValues={{ tipo: 'porcentaje', alcance: 'tienda', activo: true }}
      sx={{ maxWidth: 900 }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%' }}>
        <TextInput
          source="codigo"
          disabled={editing}
          helperText={translate(editing ? 'app.discount_codes.code_fixed' : 'app.discount_codes.code_help')}
          slotProps={{ htmlInput: { style: { textTransform: 'uppercase', fontFamily: 'monospace' }, maxLength: 40, autoComplete: 'off' } }}
          fullWidth
        />
        <TextInput source="descripcion" parse={blankToNull} helperText={translate('app.discount_codes.description_help')} fullWidth />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' }, alignItems: 'start', width: '100%' }}>
        <RadioButtonGroupInput source="tipo" choices={kinds} row helperText={false} />
        <FormDataConsumer<DiscountCodeValues>>
          {({ formData }) => (
            <NumberInput
              source="valor"
              min={0}
              step={formData.tipo === 'porcentaje' ? 1 : 50}
              helperText={translate(`app.discount_codes.value_help_${formData.tipo === 'monto' ? 'monto' : 'porcentaje'}`)}
              fullWidth
            />
          )}
        </FormDataConsumer>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' }, alignItems: 'start', width: '100%' }}>
        <RadioButtonGroupInput source="alcance" choices={scopes} row helperText={false} />
        <FormDataConsumer<DiscountCodeValues>>
          {({ formData }) => {
            if (formData.alcance === 'campana')
              return (
                <ReferenceInput source="campaign_id" reference="campaigns" {...all} sort={{ field: 'fecha_fin', order: 'DESC' }}>
                  <AutocompleteInput optionText="nombre" fullWidth helperText={false} />
                </ReferenceInput>
              );
            if (formData.alcance === 'categoria')
              return (
                <ReferenceInput source="category_id" reference="categories" {...all} sort={{ field: 'orden', order: 'ASC' }}>
                  <AutocompleteInput optionText="nombre" fullWidth helperText={false} />
                </ReferenceInput>
              );
            if (formData.alcance === 'marca')
              return (
                <ReferenceInput source="brand_id" reference="brands" {...all} sort={{ field: 'display_name', order: 'ASC' }}>
                  <AutocompleteInput optionText="display_name" fullWidth helperText={false} />
                </ReferenceInput>
              );
            return null;
          }}
        </FormDataConsumer>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, width: '100%' }}>
        <NumberInput
          source="compra_minima"
          min={0}
          step={100}
          parse={blankToNull}
          helperText={translate('app.discount_codes.minimum_help')}
          fullWidth
        />
        <DateInput source="fecha_inicio" parse={blankToNull} helperText={translate('app.discount_codes.days_help')} fullWidth />
        <DateInput source="fecha_fin" parse={blankToNull} helperText={false} fullWidth />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, width: '100%' }}>
        <NumberInput
          source="usos_maximos"
          min={1}
          step={1}
          parse={blankToNull}
          helperText={translate('app.discount_codes.total_help')}
          fullWidth
        />
        <NumberInput
          source="usos_por_conexion"
          min={1}
          step={1}
          parse={blankToNull}
          helperText={translate('app.discount_codes.per_network_help')}
          fullWidth
        />
      </Box>
      <BooleanInput source="activo" helperText={false} />
      {editing && record && (
        <Typography variant="body2" color="text.secondary" data-testid="code-uses-so-far">
          {translate('app.discount_codes.uses_so_far')}: {usesText({ usos: record.usos, usos_maximos: record.usos_maximos })}.{' '}
          {translate('app.discount_codes.uses_help')}
        </Typography>
      )}
    </SimpleForm>
  );
}
