/** Row menu of a campaign: view its products, edit, delete (with the spec's confirmation). */
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNavigate, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';

export function CampaignActionsMenu({ record, onEdit }: { record: RaRecord; onEdit: (record: RaRecord) => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteOne, { isPending }] = useDelete();

  const remove = () =>
    deleteOne(
      'campaigns',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify('app.campaigns.deleted', { type: 'success' });
        },
        onError: () => {
          setConfirming(false);
          notify('app.campaigns.delete_error', { type: 'error' });
        },
      },
    );

  return (
    <>
      <IconButton aria-label={translate('app.actions')} onClick={(e) => setAnchor(e.currentTarget)} size="small">
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate(`/products?campaign=${encodeURIComponent(String(record.id))}`);
          }}
        >
          <ListItemIcon>
            <Inventory2Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.campaigns.view_products')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onEdit(record);
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.edit')}</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirming(true);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" color="error" />
          </ListItemIcon>
          <ListItemText>{translate('app.delete')}</ListItemText>
        </MenuItem>
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={translate('app.delete')}
        content={translate('app.campaigns.delete_confirm')}
        confirmLabel={translate('app.delete')}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
        pending={isPending}
      />
    </>
  );
}
