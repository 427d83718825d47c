/**
 * Create / edit dialog of a campaign (spec 5): nombre, fecha_inicio and fecha_fin required; image URL
 * optional and a URL. Create when no record is given, edit otherwise.
 */
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import {
  CreateBase,
  DateInput,
  EditBase,
  Form,
  SaveButton,
  TextInput,
  required,
  useNotify,
  useRecordContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Box, Button, DialogActions } from '@mui/material';
import { blankToNull, optionalUrl } from '../common/validators.ts';
import { useSaveError } from '../common/useSaveError.tsx';
import { RecordHistory } from '../history/RecordHistory.tsx';

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
