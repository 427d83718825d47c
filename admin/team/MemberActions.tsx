/**
 * A person's menu in 'Equipo': send a password-reset link, invite again (while the invitation is
 * pending), remove their authenticator app (a lost phone), deactivate or reactivate. Deactivating asks first.
 */
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import type { Member } from '../providers/team.ts';

export interface MemberActionHandlers {
  onReset: (member: Member) => void;
  onResetTwoFactor: (member: Member) => void;
  onReinvite: (member: Member) => void;
  onDeactivate: (member: Member) => void;
  onReactivate: (member: Member) => void;
}

export function MemberActions({ member, isSelf, ...on }: { member: Member; isSelf: boolean } & MemberActionHandlers) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton aria-label={`Acciones de ${member.email}`} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {member.status === 'invitado' ? (
          <MenuItem onClick={pick(() => on.onReinvite(member))}>Reenviar invitación</MenuItem>
        ) : (
          <MenuItem onClick={pick(() => on.onReset(member))}>Enviar enlace para restablecer contraseña</MenuItem>
        )}
        {member.two_factor && !isSelf && (
          <MenuItem onClick={pick(() => on.onResetTwoFactor(member))}>Quitar su verificación en dos pasos</MenuItem>
        )}
        {member.status === 'desactivado' ? (
          <MenuItem onClick={pick(() => on.onReactivate(member))}>Reactivar</MenuItem>
        ) : (
          !isSelf && (
            <MenuItem onClick={pick(() => setConfirming(true))} sx={{ color: 'error.main' }}>
              Desactivar
            </MenuItem>
          )
        )}
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={`¿Desactivar a ${member.email}?`}
        content="No podrá entrar al panel ni hacer cambios hasta que la reactives. Lo que ya hizo se conserva."
        confirmLabel="Desactivar"
        onConfirm={() => {
          setConfirming(false);
          on.onDeactivate(member);
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
