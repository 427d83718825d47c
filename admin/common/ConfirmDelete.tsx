/**
 * Asks before deleting one record, deletes it through the data provider once confirmed (the dialog
 * stays open, its button busy, until the server answers), and toasts the outcome.
 */
import type { ReactNode } from 'react';
import { useDelete, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface ConfirmDeleteProps<RecordType extends RaRecord> {
  resource: string;
  /** The record to delete; null keeps the dialog closed. */
  record: RecordType | null;
  title: ReactNode;
  content: ReactNode;
  /** Message keys of the success and failure toasts. */
  messages: { deleted: string; error: string };
  confirmLabel?: ReactNode;
  persistent?: boolean;
  onClose: () => void;
  onDeleted?: (record: RecordType) => void;
}

export function ConfirmDelete<RecordType extends RaRecord>({
  resource,
  record,
  title,
  content,
  messages,
  confirmLabel,
  persistent = false,
  onClose,
  onDeleted,
}: ConfirmDeleteProps<RecordType>) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleteOne, { isPending }] = useDelete<RecordType>();
  const confirm = () => {
    if (!record) return;
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(messages.deleted, { type: 'success' });
          onDeleted?.(record);
        },
        onError: () => notify(messages.error, { type: 'error' }),
        onSettled: () => onClose(),
      },
    );
  };
  return (
    <ConfirmDialog
      open={record !== null}
      persistent={persistent}
      title={title}
      content={content}
      confirmLabel={confirmLabel ?? translate('app.delete')}
      pending={isPending}
      onClose={onClose}
      onConfirm={confirm}
    />
  );
}
