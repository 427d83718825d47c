/**
 * 'Categorías Destacadas' (spec 5): nombre required, image URL required and a URL, linked category
 * optional ('Sin vincular' = null), orden required, a number, at least 1. Deleting asks in a dialog an
 * outside click cannot dismiss.
 */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip, CircularProgress, Grid, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  NumberInput,
  SelectInput,
  TextInput,
  minValue,
  number,
  required,
  useGetList,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ConfirmDelete } from '../common/ConfirmDelete.tsx';
import { ActiveOrderChips, EditDeleteActions } from '../common/TileParts.tsx';
import { ImageTile } from '../common/ImageTile.tsx';
import { RecordDialog } from '../common/RecordDialog.tsx';
import { requiredUrl } from '../common/validators.ts';

interface FeaturedCategoryRow extends RaRecord {
  nombre: string;
  image_url: string;
  category_id: string | null;
  orden: number;
  active: boolean;
}

const MESSAGES = {
  createTitle: 'app.settings.featured_categories.new',
  editTitle: 'app.settings.featured_categories.edit',
  created: 'app.settings.featured_categories.created',
  updated: 'app.settings.featured_categories.updated',
  createError: 'app.settings.featured_categories.create_error',
  updateError: 'app.settings.featured_categories.update_error',
};

export function FeaturedCategoriesManager() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data = [], isPending: loading } = useGetList<FeaturedCategoryRow>(
    'featured_categories',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'orden', order: 'ASC' } },
    { onError: () => notify('app.settings.featured_categories.load_error', { type: 'error' }) },
  );
  const { data: categories = [] } = useGetList('categories', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'nombre', order: 'ASC' },
  });
  const [dialog, setDialog] = useState<{ record: FeaturedCategoryRow | null } | null>(null);
  const [deleting, setDeleting] = useState<FeaturedCategoryRow | null>(null);
  const categoryName = (id: string | null) =>
    categories.find((c) => c.id === id)?.nombre ?? translate('app.settings.featured_categories.unlinked');

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('app.settings.featured_categories.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ record: null })}>
          {translate('app.settings.featured_categories.new')}
        </Button>
      </Box>
      {loading && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={18} />
          <Typography>{translate('app.settings.featured_categories.loading')}</Typography>
        </Box>
      )}
      {!loading && data.length === 0 && (
        <Typography color="text.secondary">{translate('app.settings.featured_categories.empty')}</Typography>
      )}
      <Grid container spacing={2}>
        {data.map((fc) => (
          <Grid key={fc.id} size={{ xs: 12, sm: 6, md: 3 }}>
            <ImageTile
              testId="featured-category-card"
              src={fc.image_url}
              alt={fc.nombre}
              title={fc.nombre}
              aspect="4 / 5"
              badges={
                <>
                  <ActiveOrderChips active={fc.active} order={fc.orden} />
                  <Chip size="small" variant="outlined" label={categoryName(fc.category_id)} />
                </>
              }
              actions={<EditDeleteActions onEdit={() => setDialog({ record: fc })} onDelete={() => setDeleting(fc)} />}
            />
          </Grid>
        ))}
      </Grid>
      <RecordDialog
        resource="featured_categories"
        open={dialog !== null}
        record={dialog?.record ?? null}
        defaults={{ orden: 1, active: true, category_id: null }}
        messages={MESSAGES}
        onClose={() => setDialog(null)}
      >
        <TextInput source="nombre" validate={required()} fullWidth />
        <TextInput source="image_url" validate={[required(), requiredUrl]} fullWidth />
        <SelectInput
          source="category_id"
          choices={categories}
          optionText="nombre"
          emptyText={translate('app.settings.featured_categories.unlinked')}
          // 'Sin vincular' is stored as null (react-admin's empty value is '', which parse turns into null)
          parse={(v) => (v === '' ? null : v)}
          fullWidth
        />
        <NumberInput source="orden" validate={[required(), number(), minValue(1)]} min={1} step={1} fullWidth />
        <BooleanInput source="active" />
      </RecordDialog>
      <ConfirmDelete
        resource="featured_categories"
        record={deleting}
        persistent
        title={translate('app.settings.featured_categories.delete_title')}
        content={translate('app.settings.featured_categories.delete_body')}
        messages={{ deleted: 'app.settings.featured_categories.deleted', error: 'app.settings.featured_categories.delete_error' }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
