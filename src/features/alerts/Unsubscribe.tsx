/**
 * /avisos/baja?t=…: the one-tap unsubscribe every alert carries. Opening it deletes every alert
 * request of the contact the token belongs to (public.unsubscribe_alerts) and says so.
 */
import { unsubscribeAlerts } from '../../data/alerts.ts';
import { LinkResult, useLinkToken } from './link-token.tsx';

export default function Unsubscribe() {
  const state = useLinkToken(
    unsubscribeAlerts,
    'Este enlace para dejar de recibir avisos no es válido. Cópialo completo del mensaje que te enviamos.',
  );
  return (
    <LinkResult
      state={state}
      working="Borrando tus avisos…"
      done={(deleted) => (
        <div role="status" className="flex flex-col gap-2">
          <p className="text-xl font-black text-neutral-950">Listo: no te enviaremos más avisos.</p>
          <p className="text-neutral-700">
            {deleted === 0
              ? 'No quedaba ningún aviso pendiente con este enlace.'
              : `Borramos ${deleted === 1 ? 'tu aviso pendiente' : `tus ${deleted} avisos pendientes`} y los datos con los que te avisábamos.`}
          </p>
        </div>
      )}
    />
  );
}
