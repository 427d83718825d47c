/**
 * A yes/no confirmation. With `persistent`, an outside click or Escape cannot dismiss it (spec 5:
 * brand merge, featured-category delete); only its buttons close it.
 */
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  content: ReactNode;
  confirmLabel?: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  pending?: boolean;
  persistent?: boolean;
  destructive?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  content,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
  persistent = false,
  destructive = true,
}: ConfirmDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        if (persistent && (reason === 'backdropClick' || reason === 'escapeKeyDown')) return;
        if (!pending) onClose();
      }}
      aria-labelledby="confirm-dialog-title"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{content}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {translate('app.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={pending}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : null}
        >
          {confirmLabel ?? translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
