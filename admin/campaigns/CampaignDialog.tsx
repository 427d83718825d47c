/**
 * Create / edit dialog of a campaign (spec 5): nombre, fecha_inicio and fecha_fin required; image URL
 * optional and a URL. Create when no record is given, edit otherwise.
 * 'Próximamente': 'Anunciar desde' (optional) puts the campaign on the shop's coming-soon section from
 * that day, with its teaser image ('Imagen del anuncio') and its start at 'Hora de inicio' (Mexico
 * City); its products stay private until then. Without it the campaign shows as soon as it is saved.
 */
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  CreateBase,
  DateInput,
  EditBase,
  TimeInput,
  Form,
  SaveButton,
  TextInput,
  required,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Box, Button, DialogActions, Typography } from '@mui/material';
import { blankToNull, optionalUrl } from '../common/validators.ts';
import { useSaveError } from '../common/useSaveError.tsx';
import { RecordHistory } from '../history/RecordHistory.tsx';
import { hourForDatabase, hourForInput, validAnnouncement } from './announcement.ts';

export interface CampaignDialogProps {
  open: boolean;
  record?: RaRecord | null;
  onClose: () => void;
}

/**
 * fecha_fin on or after fecha_inicio. An input-level validator: react-admin ignores input validators
 * (required, URL) when the form has a form-level `validate`.
 */
const endNotBeforeStart = (end: unknown, values: Record<string, unknown>) => {
  const start = values['fecha_inicio'];
  return typeof start === 'string' && typeof end === 'string' && start && end && end < start ? 'app.campaigns.end_before_start' : undefined;
};

function Fields({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const record = useRecordContext();
  return (
    <Form>
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <TextInput source="nombre" validate={required()} fullWidth />
          <DateInput source="fecha_inicio" validate={required()} fullWidth />
          <DateInput source="fecha_fin" validate={[required(), endNotBeforeStart]} fullWidth />
          <TextInput source="image_url" validate={optionalUrl} parse={blankToNull} fullWidth />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 0.5 }}>
            {translate('app.campaigns.announcement')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <DateInput
              source="anuncio_desde"
              validate={validAnnouncement}
              parse={blankToNull}
              helperText="app.campaigns.announce_help"
              sx={{ flex: '1 1 14rem' }}
            />
            <TimeInput
              source="hora_inicio"
              format={hourForInput}
              parse={hourForDatabase}
              helperText="app.campaigns.start_hour_help"
              sx={{ flex: '1 1 10rem' }}
            />
          </Box>
          <TextInput source="teaser_url" validate={optionalUrl} parse={blankToNull} helperText="app.campaigns.teaser_help" fullWidth />
        </Box>
        <RecordHistory subjectType="campaign" subjectId={record?.id as string | undefined} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <SaveButton alwaysEnable={false} />
      </DialogActions>
    </Form>
  );
}

export function CampaignDialog({ open, record, onClose }: CampaignDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const saveError = useSaveError();
  const editing = Boolean(record?.id);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="campaign-dialog-title">
      <DialogTitle id="campaign-dialog-title">{translate(editing ? 'app.campaigns.edit' : 'app.campaigns.new')}</DialogTitle>
      {open &&
        (editing ? (
          <EditBase
            resource="campaigns"
            id={record!.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{
              onSuccess: () => {
                notify('app.campaigns.updated', { type: 'success' });
                onClose();
              },
              onError: (error: unknown) => saveError(error, 'app.campaigns.save_error'),
            }}
          >
            <Fields onClose={onClose} />
          </EditBase>
        ) : (
          <CreateBase
            resource="campaigns"
            redirect={false}
            mutationOptions={{
              onSuccess: () => {
                notify('app.campaigns.created', { type: 'success' });
                onClose();
              },
              onError: () => notify('app.campaigns.create_error', { type: 'error' }),
            }}
          >
            <Fields onClose={onClose} />
          </CreateBase>
        ))}
    </Dialog>
  );
}
