/**
 * A create / edit dialog over react-admin's CreateBase / EditBase: create without a record, edit with
 * one; the success and failure toasts are message keys.
 */
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { CreateBase, EditBase, Form, SaveButton, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useSaveError } from './useSaveError.tsx';

export interface RecordDialogMessages {
  createTitle: string;
  editTitle: string;
  created: string;
  updated: string;
  createError: string;
  updateError: string;
}

export interface RecordDialogProps {
  resource: string;
  open: boolean;
  record?: RaRecord | null;
  defaults?: Record<string, unknown>;
  messages: RecordDialogMessages;
  onClose: () => void;
  children: ReactNode;
}

export function RecordDialog({ resource, open, record, defaults, messages, onClose, children }: RecordDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const saveError = useSaveError();
  const editing = Boolean(record?.id);
  const options = (ok: string, ko: string) => ({
    onSuccess: () => {
      notify(ok, { type: 'success' });
      onClose();
    },
    onError: (error: unknown) => saveError(error, ko),
  });
  const body = (
    // a record refetched while the dialog is open (after an action on it) keeps what the person typed
    <Form resetOptions={{ keepDirtyValues: true }}>
      <DialogContent sx={{ pt: 1 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>{children}</Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.cancel')}</Button>
        <SaveButton label={editing ? 'app.update' : 'app.create'} />
      </DialogActions>
    </Form>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={`${resource}-dialog-title`}>
      <DialogTitle id={`${resource}-dialog-title`}>{translate(editing ? messages.editTitle : messages.createTitle)}</DialogTitle>
      {open &&
        (editing ? (
          <EditBase
            resource={resource}
            id={record!.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={options(messages.updated, messages.updateError)}
          >
            {body}
          </EditBase>
        ) : (
          <CreateBase
            resource={resource}
            redirect={false}
            record={defaults ?? {}}
            mutationOptions={options(messages.created, messages.createError)}
          >
            {body}
          </CreateBase>
        ))}
    </Dialog>
  );
}
