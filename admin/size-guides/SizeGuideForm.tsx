/**
 * The size guide form (new and edit): name, kind of size, whose guide it is (a category, a
 * subcategory, or a brand for one kind), the size table and an optional note for the shopper. Checked
 * as a whole (rules.ts: validateSizeGuide) with a message by each field and cell; a save writes only
 * the chosen owner and the kind's columns (toSaveData).
 */
import { Box, Typography } from '@mui/material';
import {
  FormDataConsumer,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  DeleteWithConfirmButton,
  AutocompleteInput,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { SIZE_KINDS } from '@/lib/size-guide.ts';
import { ownerKindOf, type SizeGuideValues, validateSizeGuide } from './rules.ts';
import { SizeRowsEditor } from './SizeRowsEditor.tsx';

function FormToolbar({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      {/* a new guide may be saved untouched: the form then says what it needs */}
      <SaveButton alwaysEnable={!editing} />
      {editing && (
        <DeleteWithConfirmButton
          mutationMode="pessimistic"
          confirmTitle={translate('app.delete')}
          confirmContent={translate('app.size_guides.delete_confirm')}
        />
      )}
    </Toolbar>
  );
}

const subcategoryText = (s: RaRecord) => `${s['category_nombre'] ?? '—'} › ${s['nombre']}`;

export function SizeGuideForm() {
  const translate = useTranslate();
  const record = useRecordContext<SizeGuideValues & RaRecord>();
  const kindChoices = SIZE_KINDS.map((id) => ({ id, name: translate(`app.size_kinds.${id}`) }));
  const ownerChoices = (['category', 'subcategory', 'brand'] as const).map((id) => ({
    id,
    name: translate(`app.size_guides.owner_${id}`),
  }));
  const all = { pagination: { page: 1, perPage: 1000 } };
  return (
    <SimpleForm
      validate={validateSizeGuide}
      toolbar={<FormToolbar editing={Boolean(record?.id)} />}
      sx={{ maxWidth: 1100 }}
      defaultValues={{ tipo_talla: 'ropa', filas: [] }}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, width: '100%' }}>
        <TextInput source="nombre" helperText={translate('app.size_guides.name_help')} fullWidth />
        <SelectInput source="tipo_talla" choices={kindChoices} fullWidth />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' }, alignItems: 'start', width: '100%' }}>
        <RadioButtonGroupInput source="owner_kind" choices={ownerChoices} defaultValue={ownerKindOf(record)} row helperText={false} />
        <FormDataConsumer<SizeGuideValues>>
          {({ formData }) => {
            const owner = formData.owner_kind ?? ownerKindOf(record);
            if (owner === 'brand')
              return (
                <ReferenceInput source="brand_id" reference="brands" {...all} sort={{ field: 'display_name', order: 'ASC' }}>
                  <AutocompleteInput optionText="display_name" fullWidth helperText={false} />
                </ReferenceInput>
              );
            if (owner === 'subcategory')
              return (
                <ReferenceInput source="subcategory_id" reference="subcategories" {...all} sort={{ field: 'nombre', order: 'ASC' }}>
                  <AutocompleteInput optionText={subcategoryText} fullWidth helperText={false} />
                </ReferenceInput>
              );
            return (
              <ReferenceInput source="category_id" reference="categories" {...all} sort={{ field: 'orden', order: 'ASC' }}>
                <AutocompleteInput optionText="nombre" fullWidth helperText={false} />
              </ReferenceInput>
            );
          }}
        </FormDataConsumer>
      </Box>
      <SizeRowsEditor />
      <Box sx={{ width: '100%', mt: 2 }}>
        <TextInput source="nota" multiline minRows={2} fullWidth helperText={translate('app.size_guides.note_help')} />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate('app.size_guides.subtitle')}
      </Typography>
    </SimpleForm>
  );
}
