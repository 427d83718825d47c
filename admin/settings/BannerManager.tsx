/** 'Banner de Marcas': the 'Nuevo Banner' / 'Editar Banner' form beside 'Banners Existentes'. */
import { Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import {
  BooleanInput,
  CreateBase,
  EditBase,
  Form,
  NumberInput,
  SaveButton,
  TextInput,
  minValue,
  required,
  useGetList,
  useNotify,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ConfirmDelete } from '../common/ConfirmDelete.tsx';
import { ActiveOrderChips, EditDeleteActions } from '../common/TileParts.tsx';
import { ImageTile } from '../common/ImageTile.tsx';
import { blankToNull } from '../common/validators.ts';
import { useSaveError } from '../common/useSaveError.tsx';

interface BannerRow extends RaRecord {
  name: string;
  image_url: string;
  alt_text: string | null;
  link_url: string | null;
  orden: number;
  active: boolean;
}

function BannerFields({ editing, onCancel }: { editing: boolean; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <Form>
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="image_url" validate={required()} fullWidth />
      <TextInput source="alt_text" parse={blankToNull} fullWidth />
      <TextInput source="link_url" parse={blankToNull} fullWidth />
      <NumberInput source="orden" validate={[required(), minValue(1)]} min={1} step={1} fullWidth />
      <BooleanInput source="active" />
      <Stack direction="row" spacing={1}>
        <SaveButton label={editing ? 'app.update' : 'app.create'} />
        {editing && <Button onClick={onCancel}>{translate('app.cancel')}</Button>}
      </Stack>
    </Form>
  );
}

export function BannerManager() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data = [] } = useGetList<BannerRow>(
    'banner_images',
    { pagination: { page: 1, perPage: 500 }, sort: { field: 'orden', order: 'ASC' } },
    { onError: () => notify('app.settings.banner.load_error', { type: 'error' }) },
  );
  const [editing, setEditing] = useState<BannerRow | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<BannerRow | null>(null);
  const saveError = useSaveError();
  const reset = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const options = {
    onSuccess: () => {
      notify('app.settings.banner.saved', { type: 'success' });
      reset();
    },
    onError: (error: unknown) => saveError(error, 'app.settings.banner.save_error'),
  };

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 4 }}>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate(editing ? 'app.settings.banner.edit' : 'app.settings.banner.new')}
            </Typography>
            {editing ? (
              <EditBase
                key={`edit-${editing.id}`}
                resource="banner_images"
                id={editing.id}
                mutationMode="pessimistic"
                redirect={false}
                mutationOptions={options}
              >
                <BannerFields editing onCancel={reset} />
              </EditBase>
            ) : (
              <CreateBase
                key={`new-${formKey}`}
                resource="banner_images"
                redirect={false}
                record={{ orden: 1, active: true }}
                mutationOptions={options}
              >
                <BannerFields editing={false} onCancel={reset} />
              </CreateBase>
            )}
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 8 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('app.settings.banner.list')}
        </Typography>
        {data.length === 0 && <Typography color="text.secondary">{translate('app.settings.banner.empty')}</Typography>}
        <Grid container spacing={2}>
          {data.map((b) => (
            <Grid key={b.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ImageTile
                testId="banner-card"
                src={b.image_url}
                alt={b.alt_text ?? b.name}
                title={b.name}
                aspect="3 / 1"
                badges={<ActiveOrderChips active={b.active} order={b.orden} />}
                actions={
                  <Box>
                    <EditDeleteActions onEdit={() => setEditing(b)} onDelete={() => setDeleting(b)} />
                  </Box>
                }
              />
            </Grid>
          ))}
        </Grid>
      </Grid>
      <ConfirmDelete
        resource="banner_images"
        record={deleting}
        title={translate('app.delete')}
        content={translate('app.settings.banner.delete_confirm')}
        messages={{ deleted: 'app.settings.banner.deleted', error: 'app.settings.banner.delete_error' }}
        onClose={() => setDeleting(null)}
        onDeleted={(deleted) => editing?.id === deleted.id && reset()}
      />
    </Grid>
  );
}
