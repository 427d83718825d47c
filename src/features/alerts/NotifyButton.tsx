/**
 * 'Avísame': one tap asks to be told when an announced campaign opens ({kind: 'campaign',
 * campaignId}) or when a sold or held size comes back on sale ({kind: 'size', productId, talla}; no
 * talla: the product, any size). Self-contained: any page or island may place it.
 *
 * Where the browser takes web push, the tap asks permission and subscribes this device (no account,
 * no form); otherwise (an iPhone outside the installed app, permission refused, push off) a small
 * dialog asks for an email. The database checks the request and refuses in Spanish what cannot be
 * asked (the size is back, the campaign opened), which the button shows as it is.
 *
 * The button sits on every product page, so what it does is loaded on the first tap (the request,
 * web push, the email dialog), not with the page.
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Bell, Check } from '../../components/icons.tsx';
import type { PushJson } from '../../data/alerts.ts';
import { type AlertTarget, doneText, emailQuestion } from '../../lib/alerts.ts';

const EmailDialog = lazy(() => import('./EmailDialog.tsx'));

type Props = AlertTarget & {
  /** What the button says ('Avísame' by default). */
  label?: string;
  /** 'solid' (dark) or 'outline'. */
  variant?: 'solid' | 'outline';
  className?: string;
};

type State = { step: 'idle' } | { step: 'working' } | { step: 'done'; text: string } | { step: 'error'; text: string };

const BUTTON = {
  solid: 'bg-neutral-950 text-white hover:bg-neutral-800',
  outline: 'border-2 border-neutral-950 text-neutral-950 hover:bg-neutral-950 hover:text-white',
} as const;

export default function NotifyButton({ label = 'Avísame', variant = 'outline', className = '', ...target }: Props) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const [asking, setAsking] = useState(false);
  const statusId = useId();

  const request = async (contact: { email: string } | { push: PushJson }) => {
    const { subscribeAlert } = await import('../../data/alerts.ts');
    return subscribeAlert({
      tipo: target.kind === 'campaign' ? 'campana' : 'talla',
      ids: [target.kind === 'campaign' ? target.campaignId : target.productId],
      talla: target.kind === 'size' ? target.talla : null,
      ...contact,
    });
  };

  const tap = async () => {
    if (state.step === 'working') return;
    setState({ step: 'working' });
    const { pushAvailable, subscribeToPush } = await import('./push.ts');
    if (pushAvailable()) {
      const push = await subscribeToPush();
      if (push) {
        try {
          await request({ push });
          setState({ step: 'done', text: doneText('push') });
        } catch (error) {
          setState({ step: 'error', text: (error as Error).message });
        }
        return;
      }
    }
    setState({ step: 'idle' });
    setAsking(true);
  };

  const sendEmail = async (address: string) => {
    await request({ email: address });
    setState({ step: 'done', text: doneText('email', address) });
  };

  if (state.step === 'done') {
    return (
      <p role="status" className={`flex items-center gap-2 text-sm font-semibold text-neutral-900 ${className}`}>
        <Check aria-hidden="true" className="size-5 shrink-0 text-lime-700" />
        {state.text}
      </p>
    );
  }

  return (
    <div className={`flex flex-col gap-2 ${className}`}>
      <button
        type="button"
        onClick={() => void tap()}
        aria-busy={state.step === 'working' || undefined}
        aria-describedby={state.step === 'error' ? statusId : undefined}
        className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-bold transition ${BUTTON[variant]}`}
      >
        <Bell aria-hidden="true" className="size-4" />
        {state.step === 'working' ? 'Un momento…' : label}
      </button>
      {state.step === 'error' && (
        <p id={statusId} role="alert" className="text-sm font-semibold text-red-800">
          {state.text}
        </p>
      )}
      {asking && (
        <Suspense fallback={null}>
          <EmailDialog
            open={asking}
            onOpenChange={setAsking}
            question={emailQuestion(target)}
            kept="La primera vez te pedimos confirmar tu correo. Solo te escribimos para este aviso y borramos tu solicitud al enviarlo; cada correo trae un enlace para darte de baja."
            onSend={sendEmail}
          />
        </Suspense>
      )}
    </div>
  );
}
