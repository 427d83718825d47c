/**
 * The back office's toasts: one at a time, in the order they were sent, each shown for 5 seconds
 * unless its sender says otherwise. A new toast does not wait behind the one on screen: that one
 * closes at once and the new one follows, so what the admin just did is answered right away; only a
 * toast that waits for the admin (one with 'Deshacer', or one that stays until closed) keeps its
 * place until it is done. A success is titled 'Éxito' and an error 'Error' above its
 * message, as the spec's toasts are; warnings and information show the message alone. A change sent
 * as undoable offers 'Deshacer' and is applied when the toast closes, as with react-admin's own.
 */
import { Alert, AlertTitle, Button, Snackbar } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import {
  CloseNotificationContext,
  type NotificationPayload,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';

/** How long a toast stays, in milliseconds. */
export const TOAST_MS = 5000;

const TITLES: Partial<Record<string, string>> = { success: 'app.success', error: 'app.error' };

/** A toast with 'Deshacer', or one its sender keeps until the admin closes it. */
function waitsForAdmin(notification: NotificationPayload): boolean {
  const options = notification.notificationOptions;
  return Boolean(options?.undoable) || options?.autoHideDuration === null;
}

export function AppNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState<NotificationPayload | undefined>(undefined);

  useEffect(() => {
    if (notifications.length === 0) return;
    if (current) {
      if (open && !waitsForAdmin(current)) setOpen(false);
      return;
    }
    const next = takeNotification();
    if (next) {
      setCurrent(next);
      setOpen(true);
    }
  }, [notifications, current, open, takeNotification]);

  /** An undoable change runs (or is undone) once its toast is gone. */
  const settleUndoable = useCallback(
    (isUndo: boolean) => {
      const mutation = takeMutation();
      if (mutation) mutation({ isUndo });
      else undoableEventEmitter.emit('end', { isUndo });
    },
    [takeMutation],
  );
  const close = useCallback(() => setOpen(false), []);
  const exited = useCallback(() => {
    if (current?.notificationOptions?.undoable) settleUndoable(false);
    setCurrent(undefined);
  }, [current, settleUndoable]);

  if (!current) return null;
  const { message, type, notificationOptions } = current;
  const { autoHideDuration, messageArgs, undoable } = notificationOptions ?? {};
  const title = TITLES[type];
  const undo = () => {
    settleUndoable(true);
    setCurrent({ ...current, notificationOptions: { ...notificationOptions, undoable: false } });
    setOpen(false);
  };

  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        autoHideDuration={autoHideDuration === undefined ? TOAST_MS : (autoHideDuration ?? undefined)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ transition: { onExited: exited } }}
      >
        <Alert
          severity={type}
          variant="filled"
          onClose={close}
          action={
            undoable ? (
              <Button color="inherit" size="small" onClick={undo}>
                {translate('ra.action.undo')}
              </Button>
            ) : undefined
          }
          sx={{ minWidth: 280, maxWidth: 560, whiteSpace: 'pre-line' }}
        >
          {title && <AlertTitle>{translate(title)}</AlertTitle>}
          {typeof message === 'string' ? translate(message, messageArgs) : message}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
