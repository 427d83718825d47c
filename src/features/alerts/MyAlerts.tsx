/**
 * /avisos: 'Borrar mis avisos'. Deletes every alert request of this device (its push subscription) or
 * of an email (public.delete_my_alerts); the answer is the same whether there were any, so nobody
 * learns whether an address asked for alerts.
 *
 * /avisos?campana=<id>: the link the shop shares (a post, a story) to be told when an announced
 * campaign opens: 'Avísame cuando empiece' first.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { deleteMyAlerts } from '../../data/alerts.ts';
import { isUuid } from '../../lib/alerts.ts';
import NotifyButton from './NotifyButton.tsx';
import { currentPushEndpoint } from './push.ts';

export default function MyAlerts() {
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [campaign, setCampaign] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const emailId = useId();

  useEffect(() => {
    void currentPushEndpoint().then(setEndpoint, () => setEndpoint(null));
    const asked = new URLSearchParams(window.location.search).get('campana');
    setCampaign(isUuid(asked) ? asked : null);
  }, []);

  const run = async (what: { endpoint: string } | { email: string }, done: string) => {
    setMessage(null);
    try {
      await deleteMyAlerts(what);
      setMessage({ ok: true, text: done });
    } catch (error) {
      setMessage({ ok: false, text: (error as Error).message });
    }
  };
  const byEmail = (event: FormEvent) => {
    event.preventDefault();
    void run({ email: email.trim() }, `Listo: si había avisos para ${email.trim()}, los borramos.`);
  };

  return (
    <div className="flex flex-col gap-6">
      {campaign && (
        <section className="rounded-2xl border-2 border-neutral-950 p-5">
          <h2 className="text-lg font-bold text-neutral-950">Una campaña está por empezar</h2>
          <p className="mt-1 text-sm text-neutral-700">Te avisamos en cuanto abra, para que llegues antes de que se agoten las tallas.</p>
          <NotifyButton
            kind="campaign"
            campaignId={campaign}
            label="Avísame cuando empiece"
            variant="solid"
            className="mt-3 sm:self-start"
          />
        </section>
      )}
      {endpoint && (
        <section className="rounded-2xl border border-neutral-200 p-5">
          <h2 className="text-lg font-bold text-neutral-950">Este dispositivo</h2>
          <p className="mt-1 text-sm text-neutral-700">Borra los avisos que pediste desde este navegador.</p>
          <button
            type="button"
            onClick={() => void run({ endpoint }, 'Listo: borramos los avisos de este dispositivo.')}
            className="mt-3 min-h-11 rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800"
          >
            Borrar mis avisos de este dispositivo
          </button>
        </section>
      )}
      <section className="rounded-2xl border border-neutral-200 p-5">
        <h2 className="text-lg font-bold text-neutral-950">Por correo</h2>
        <form onSubmit={byEmail} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={emailId} className="text-sm font-semibold text-neutral-900">
              Correo electrónico
            </label>
            <input
              id={emailId}
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="nombre@correo.com"
              className="min-h-11 rounded-xl border border-neutral-300 px-4 text-base focus:border-neutral-950 focus:outline-none"
            />
          </div>
          <button type="submit" className="min-h-11 rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800">
            Borrar mis avisos
          </button>
        </form>
      </section>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={`text-sm font-semibold ${message.ok ? 'text-neutral-900' : 'text-red-800'}`}>
          {message.text}
        </p>
      )}
    </div>
  );
}
