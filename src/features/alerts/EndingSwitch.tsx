/**
 * /favoritos: 'Avísame un día antes de que terminen'. On, it asks to be told (web push on this device
 * where the browser takes it, else by email) the day before the campaign of each favourite ends; the
 * favourites saved later are added the next time the page opens. Off, it deletes those requests.
 * Favourites live only in this browser, so what the switch asked for is kept here too (which
 * products, and how: this device or an email).
 */
import { useEffect, useId, useState } from 'react';
import { deleteMyAlerts, subscribeAlert } from '../../data/alerts.ts';
import EmailDialog from './EmailDialog.tsx';
import { currentPushEndpoint, pushAvailable, subscribeToPush } from './push.ts';

export const ENDING_KEY = 'outlet_alerts_ending';

interface Asked {
  channel: 'push' | 'email';
  email?: string;
  /** The favourites asked for. */
  ids: string[];
}

function readAsked(): Asked | null {
  try {
    const value = JSON.parse(localStorage.getItem(ENDING_KEY) ?? 'null') as Asked | null;
    return value && (value.channel === 'push' || value.channel === 'email') && Array.isArray(value.ids) ? value : null;
  } catch {
    return null;
  }
}

const save = (asked: Asked | null) =>
  asked ? localStorage.setItem(ENDING_KEY, JSON.stringify(asked)) : localStorage.removeItem(ENDING_KEY);

export default function EndingSwitch({ productIds }: { productIds: string[] }) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const labelId = useId();
  const idsKey = productIds.join(',');

  // on: favourites saved since are asked for too
  useEffect(() => {
    const current = readAsked();
    setAsked(current);
    const ids = idsKey ? idsKey.split(',') : [];
    const added = ids.filter((id) => !current?.ids.includes(id));
    if (!current || added.length === 0) return;
    void (async () => {
      const push = current.channel === 'push' ? await subscribeToPush() : null;
      if (current.channel === 'push' && !push) return;
      await subscribeAlert({ tipo: 'termina', ids: added, ...(push ? { push } : { email: current.email ?? '' }) })
        .then(() => {
          const next = { ...current, ids: [...current.ids, ...added] };
          save(next);
          setAsked(next);
        })
        .catch(() => undefined);
    })();
  }, [idsKey]);

  const turnOn = async (contact: { push: NonNullable<Awaited<ReturnType<typeof subscribeToPush>>> } | { email: string }) => {
    await subscribeAlert({ tipo: 'termina', ids: productIds, ...contact });
    const next: Asked =
      'push' in contact ? { channel: 'push', ids: productIds } : { channel: 'email', email: contact.email, ids: productIds };
    save(next);
    setAsked(next);
    setMessage(
      'push' in contact
        ? 'Te avisaremos en este dispositivo.'
        : `Te escribiremos a ${contact.email}. Si es tu primer aviso por correo, confírmalo con el enlace que te enviamos.`,
    );
  };

  const toggle = async () => {
    if (working) return;
    setWorking(true);
    setMessage(null);
    try {
      if (asked) {
        const endpoint = asked.channel === 'push' ? await currentPushEndpoint() : null;
        await deleteMyAlerts({ tipo: 'termina', ...(endpoint ? { endpoint } : { email: asked.email ?? '' }) });
        save(null);
        setAsked(null);
        setMessage('Ya no te avisaremos cuando terminen.');
        return;
      }
      const push = pushAvailable() ? await subscribeToPush() : null;
      if (push) await turnOn({ push });
      else setAsking(true);
    } catch (error) {
      setMessage((error as Error).message);
    } finally {
      setWorking(false);
    }
  };

  const on = asked !== null;
  return (
    <div className="mb-6 rounded-2xl border border-neutral-200 bg-neutral-50 p-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p id={labelId} className="text-sm font-bold text-neutral-950">
            Avísame un día antes de que terminen
          </p>
          <p className="text-xs text-neutral-600">Te recordamos tus favoritos antes de que termine su campaña.</p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-busy={working || undefined}
          onClick={() => void toggle()}
          className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition ${on ? 'bg-lime-500' : 'bg-neutral-300'}`}
        >
          <span className={`inline-block size-6 rounded-full bg-white shadow transition ${on ? 'translate-x-7' : 'translate-x-1'}`} />
        </button>
      </div>
      {message && (
        <p role="status" className="mt-2 text-sm font-semibold text-neutral-900">
          {message}
        </p>
      )}
      <EmailDialog
        open={asking}
        onOpenChange={setAsking}
        question="Escribe tu correo y te escribimos un día antes de que terminen tus favoritos."
        kept="La primera vez te pedimos confirmar tu correo. Borramos tu solicitud al enviar el aviso o cuando termine la campaña."
        onSend={(address) => turnOn({ email: address })}
      />
    </div>
  );
}
