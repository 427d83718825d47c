/**
 * /avisos/baja?t=…: the one-tap unsubscribe every alert carries. Opening it deletes every alert
 * request of the contact the token belongs to (public.unsubscribe_alerts) and says so.
 */
import { useEffect, useState } from 'react';
import { unsubscribeAlerts } from '../../data/alerts.ts';
import { isUuid } from '../../lib/alerts.ts';

type State = { step: 'working' } | { step: 'done'; deleted: number } | { step: 'error'; text: string };

export default function Unsubscribe() {
  const [state, setState] = useState<State>({ step: 'working' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('t');
    if (!isUuid(token)) {
      setState({
        step: 'error',
        text: 'Este enlace para dejar de recibir avisos no es válido. Cópialo completo del mensaje que te enviamos.',
      });
      return;
    }
    unsubscribeAlerts(token).then(
      (deleted) => setState({ step: 'done', deleted }),
      (error: Error) => setState({ step: 'error', text: error.message }),
    );
  }, []);

  if (state.step === 'working') {
    return (
      <p role="status" className="text-neutral-700">
        Borrando tus avisos…
      </p>
    );
  }
  if (state.step === 'error') {
    return (
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 font-semibold text-red-800">
        {state.text}
      </p>
    );
  }
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="text-xl font-black text-neutral-950">Listo: no te enviaremos más avisos.</p>
      <p className="text-neutral-700">
        {state.deleted === 0
          ? 'No quedaba ningún aviso pendiente con este enlace.'
          : `Borramos ${state.deleted === 1 ? 'tu aviso pendiente' : `tus ${state.deleted} avisos pendientes`} y los datos con los que te avisábamos.`}
      </p>
    </div>
  );
}
