/** 'Imágenes del Hero Carousel': cards (Activa/Inactiva, #orden) with a create / edit dialog (upload or URL). */
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Grid, Typography } from '@mui/material';
import { useState } from 'react';
import { BooleanInput, NumberInput, TextInput, minValue, required, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmDelete } from '../common/ConfirmDelete.tsx';
import { ActiveOrderChips, EditDeleteActions } from '../common/TileParts.tsx';
import { ImageTile } from '../common/ImageTile.tsx';
import { RecordDialog } from '../common/RecordDialog.tsx';
import { blankToNull } from '../common/validators.ts';
import { HeroImageUpload } from './HeroImageUpload.tsx';

interface HeroRow extends RaRecord {
  title: string;
  subtitle: string | null;
  image_url: string;
  orden: number;
  active: boolean;
}

const MESSAGES = {
  createTitle: 'app.settings.hero.new',
  editTitle: 'app.settings.hero.edit',
  created: 'app.settings.image_saved',
  updated: 'app.settings.image_saved',
  createError: 'app.settings.image_save_error',
  updateError: 'app.settings.image_save_error',
};

export function HeroManager() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data = [] } = useGetList<HeroRow>(
    'hero_images',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'orden', order: 'ASC' } },
    { onError: () => notify('app.settings.images_load_error', { type: 'error' }) },
  );
  const [dialog, setDialog] = useState<{ record: HeroRow | null } | null>(null);
  const [deleting, setDeleting] = useState<HeroRow | null>(null);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('app.settings.hero.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ record: null })}>
          {translate('app.settings.hero.new')}
        </Button>
      </Box>
      {data.length === 0 && <Typography color="text.secondary">{translate('app.settings.hero.empty')}</Typography>}
      <Grid container spacing={2}>
        {data.map((h) => (
          <Grid key={h.id} size={{ xs: 12, sm: 6, md: 4 }}>
            <ImageTile
              testId="hero-card"
              src={h.image_url}
              alt={h.title}
              title={h.title}
              badges={<ActiveOrderChips active={h.active} order={h.orden} />}
              actions={<EditDeleteActions onEdit={() => setDialog({ record: h })} onDelete={() => setDeleting(h)} />}
            />
          </Grid>
        ))}
      </Grid>
      <RecordDialog
        resource="hero_images"
        open={dialog !== null}
        record={dialog?.record ?? null}
        defaults={{ button_text: 'Tienda', button_link: '/tienda', orden: 1, active: true }}
        messages={MESSAGES}
        onClose={() => setDialog(null)}
      >
        <HeroImageUpload />
        <TextInput source="title" validate={required()} fullWidth />
        <TextInput source="subtitle" parse={blankToNull} fullWidth />
        <TextInput source="button_text" fullWidth />
        <TextInput source="button_link" fullWidth />
        <NumberInput source="orden" validate={[required(), minValue(1)]} min={1} step={1} fullWidth />
        <BooleanInput source="active" />
      </RecordDialog>
      <ConfirmDelete
        resource="hero_images"
        record={deleting}
        title={translate('app.delete')}
        content={translate('app.settings.delete_image_confirm')}
        messages={{ deleted: 'app.settings.image_deleted', error: 'app.settings.image_delete_error' }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
