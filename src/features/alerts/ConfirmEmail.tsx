/**
 * /avisos/confirmar?t=…: the link of the message that asks an email's owner to confirm it. Opening
 * the page confirms the email (public.confirm_alert_email: nothing is sent to an email before) and
 * says so; its waiting alerts are then sent when their moment comes.
 */
import { useEffect, useState } from 'react';
import { confirmAlertEmail } from '../../data/alerts.ts';
import { isUuid } from '../../lib/alerts.ts';

type State = { step: 'working' } | { step: 'done'; email: string } | { step: 'error'; text: string };

const UNKNOWN =
  'Este enlace para confirmar tu correo ya no es válido: pasaron más de 7 días o borraste tus avisos. Pide el aviso de nuevo en la tienda.';

export default function ConfirmEmail() {
  const [state, setState] = useState<State>({ step: 'working' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('t');
    if (!isUuid(token)) {
      setState({
        step: 'error',
        text: 'Este enlace para confirmar tu correo no es válido. Cópialo completo del mensaje que te enviamos.',
      });
      return;
    }
    confirmAlertEmail(token).then(
      (email) => setState(email ? { step: 'done', email } : { step: 'error', text: UNKNOWN }),
      (error: Error) => setState({ step: 'error', text: error.message }),
    );
  }, []);

  if (state.step === 'working') {
    return (
      <p role="status" className="text-neutral-700">
        Confirmando tu correo…
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
      <p className="text-xl font-black text-neutral-950">Listo: confirmaste tu correo.</p>
      <p className="text-neutral-700">
        Te avisaremos en <strong>{state.email}</strong> de lo que pediste. Cada aviso trae un enlace para dejar de recibirlos.
      </p>
    </div>
  );
}
