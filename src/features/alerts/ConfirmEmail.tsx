/**
 * /avisos/confirmar?t=…: the link of the message that asks an email's owner to confirm it. Opening
 * the page confirms the email (public.confirm_alert_email: nothing is sent to an email before) and
 * says so; its waiting alerts are then sent when their moment comes. A link the shop does not know
 * (more than 7 days old, or its alerts deleted since) says to ask again.
 */
import { confirmAlertEmail } from '../../data/alerts.ts';
import { LinkResult, useLinkToken } from './link-token.tsx';

const UNKNOWN =
  'Este enlace para confirmar tu correo ya no es válido: pasaron más de 7 días o borraste tus avisos. Pide el aviso de nuevo en la tienda.';

async function confirm(token: string): Promise<string> {
  const email = await confirmAlertEmail(token);
  if (!email) throw new Error(UNKNOWN);
  return email;
}

export default function ConfirmEmail() {
  const state = useLinkToken(confirm, 'Este enlace para confirmar tu correo no es válido. Cópialo completo del mensaje que te enviamos.');
  return (
    <LinkResult
      state={state}
      working="Confirmando tu correo…"
      done={(email) => (
        <div role="status" className="flex flex-col gap-2">
          <p className="text-xl font-black text-neutral-950">Listo: confirmaste tu correo.</p>
          <p className="text-neutral-700">
            Te avisaremos en <strong>{email}</strong> de lo que pediste. Cada aviso trae un enlace para dejar de recibirlos.
          </p>
        </div>
      )}
    />
  );
}
