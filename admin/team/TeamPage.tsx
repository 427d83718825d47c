/**
 * 'Equipo' (owners only): the people with access to the panel, their role (changed in place), their
 * state (active, invited, deactivated), whether they use two-step sign-in and when they last came
 * in; 'Invitar persona', and each person's menu (MemberActions). The shop always keeps an active
 * owner, and nobody deactivates themselves: the server refuses both and the page shows why. The
 * switch above the list requires two-step sign-in of everyone (TeamTwoFactorSwitch).
 */
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useGetIdentity, useNotify } from 'react-admin';
import { formatMexicoCityDateTime } from '@/lib/dates.ts';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../common/staff-roles.ts';
import { type Member, team } from '../providers/team.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { TeamTwoFactorSwitch } from './TeamTwoFactorSwitch.tsx';
import { MemberActions } from './MemberActions.tsx';

const STATUS = {
  activo: { label: 'Activo', color: 'success' },
  invitado: { label: 'Invitación pendiente', color: 'warning' },
  desactivado: { label: 'Desactivado', color: 'default' },
} as const;

export default function TeamPage() {
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [members, setMembers] = useState<Member[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);

  const load = useCallback(async () => {
    try {
      setMembers(await team.list());
      setLoadError(null);
    } catch (e) {
      setLoadError((e as Error).message);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a change and shows its outcome; the list comes back from the server after every change. */
  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      notify(success, { type: 'success' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
    await load();
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title="Equipo" />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Equipo
        </Typography>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviting(true)}>
          Invitar persona
        </Button>
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
        {STAFF_ROLES.map((role) => (
          <li key={role}>
            <Typography variant="body2">
              <strong>{ROLE_LABELS[role]}:</strong> {ROLE_DESCRIPTIONS[role]}
            </Typography>
          </li>
        ))}
      </Box>
      <TeamTwoFactorSwitch />
      {loadError && <Alert severity="error">{loadError}</Alert>}
      {members === null && !loadError ? (
        <CircularProgress size={24} />
      ) : (
        <TableContainer component={Card}>
          <Table size="small" aria-label="Equipo">
            <TableHead>
              <TableRow>
                <TableCell>Correo</TableCell>
                <TableCell>Rol</TableCell>
                <TableCell>Estado</TableCell>
                <TableCell>Verificación en dos pasos</TableCell>
                <TableCell>Último acceso</TableCell>
                <TableCell align="right">Acciones</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(members ?? []).map((member) => (
                <TableRow key={member.id}>
                  <TableCell>
                    {member.email}
                    {member.id === identity?.id && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        (tú)
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Select
                      size="small"
                      value={member.role}
                      inputProps={{ 'aria-label': `Rol de ${member.email}` }}
                      onChange={(e) =>
                        void run(
                          () => team.setRole(member.id, e.target.value as StaffRole),
                          `Rol de ${member.email}: ${ROLE_LABELS[e.target.value as StaffRole]}`,
                        )
                      }
                    >
                      {STAFF_ROLES.map((role) => (
                        <MenuItem key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </MenuItem>
                      ))}
                    </Select>
                  </TableCell>
                  <TableCell>
                    <Chip size="small" label={STATUS[member.status].label} color={STATUS[member.status].color} />
                  </TableCell>
                  <TableCell>{member.two_factor ? 'Activada' : 'No'}</TableCell>
                  <TableCell>{member.last_sign_in_at ? formatMexicoCityDateTime(member.last_sign_in_at, 'minutes') : 'Nunca'}</TableCell>
                  <TableCell align="right">
                    <MemberActions
                      member={member}
                      isSelf={member.id === identity?.id}
                      onReset={(m) =>
                        void run(() => team.resetPassword(m.id), `Enviamos a ${m.email} un enlace para restablecer su contraseña`)
                      }
                      onResetTwoFactor={(m) =>
                        void run(() => team.resetTwoFactor(m.id), `${m.email} entrará con su contraseña y activará de nuevo su app`)
                      }
                      onReinvite={(m) => void run(() => team.invite(m.email, m.role), `Invitación enviada de nuevo a ${m.email}`)}
                      onDeactivate={(m) => void run(() => team.deactivate(m.id), `${m.email} ya no puede entrar al panel`)}
                      onReactivate={(m) => void run(() => team.reactivate(m.id), `${m.email} puede entrar de nuevo`)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(email) => {
          setInviting(false);
          notify(`Invitación enviada a ${email}`, { type: 'success' });
          void load();
        }}
      />
    </Box>
  );
}
