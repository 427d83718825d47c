/** 'Importar CSV': an honest 'Próximamente' until the import wizard exists. */
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ImportCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="import-csv-title">
      <DialogTitle id="import-csv-title">{t('resources.products.import_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ fontWeight: 600 }}>{t('resources.products.import_soon')}</DialogContentText>
        <DialogContentText>{t('resources.products.import_soon_text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('resources.products.margin_dialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
