/** 'Invitar persona': an email and a role; the person gets a link to choose their password. */
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { type SubmitEvent, useState } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../common/staff-roles.ts';
import { team } from '../providers/team.ts';

export function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const { member } = await team.invite(email.trim(), role);
      setEmail('');
      onInvited(member.email);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => !pending && onClose()} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle>Invitar persona</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField label="Correo" type="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField
            select
            label="Rol"
            value={role}
            onChange={(e) => setRole(e.target.value as StaffRole)}
            helperText={ROLE_DESCRIPTIONS[role]}
          >
            {STAFF_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {ROLE_LABELS[r]}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={pending} startIcon={pending ? <CircularProgress size={16} /> : null}>
            Enviar invitación
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
