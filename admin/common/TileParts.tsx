/** Pieces every image card of the settings screens shares: the Activa/Inactiva and #orden chips, edit and delete. */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Chip, IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';

export function ActiveOrderChips({ active, order }: { active: boolean; order: number }) {
  const translate = useTranslate();
  return (
    <>
      <Chip size="small" color={active ? 'success' : 'default'} label={translate(active ? 'app.active' : 'app.inactive')} />
      <Chip size="small" variant="outlined" label={`#${order}`} />
    </>
  );
}

export function EditDeleteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <IconButton size="small" aria-label={translate('app.edit')} onClick={onEdit}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" color="error" aria-label={translate('app.delete')} onClick={onDelete}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </>
  );
}
