/**
 * What a shopper sees once their order is recorded and its chat opened (Mi bolsa, and 'Comprar ahora'
 * on a product page): the reference and until when the order holds its pieces ('Tu pedido OM-7K3F2
 * está apartado hasta las 14:30', on the Mexico City clock), 'Pagar en línea' (the order's payment
 * link, on to Mercado Pago) only while the shop takes payments online and the hold runs, 'Ver mi
 * pedido' (the order's page) whenever the order has one, and its chat again. Without online payment it
 * says what the shop said before: continue in the chat. The panel notices its hold running out while
 * it is shown. Loaded only when shown: date-fns comes with it.
 */
import { useEffect, useState } from 'react';
import { Check, MessageCircle } from '../../components/icons.tsx';
import { heldUntilPhrase, holdRunning } from '../../lib/order-hold.ts';
import { orderPagePath } from '../../lib/payment-link.ts';

export interface ConfirmedOrder {
  reference: string;
  /** The order's chat (reopened from here when the window did not open). */
  chatLink: string;
  /** The order's page token; null for an order recorded without one. */
  token: string | null;
  heldUntil: string | null;
  /** The order's payment link while the shop takes payments online; null: no online payment. */
  payLink: string | null;
}

interface Props {
  order: ConfirmedOrder;
  /** 'bag': a section of its own at the top of Mi bolsa; 'product': a small panel under the buy buttons. */
  variant: 'bag' | 'product';
}

/** The longest wait a timer takes (about 24.8 days): a hold is never that long. */
const MAX_TIMER_MS = 2_147_483_647;

export default function OrderConfirmation({ order, variant }: Props) {
  const [now, setNow] = useState(() => Date.now());
  const running = holdRunning(order.heldUntil, now);
  // the hold ends while the panel is shown: it says so then (no payment offered for pieces no longer held)
  useEffect(() => {
    if (!running || !order.heldUntil) return;
    const wait = Date.parse(order.heldUntil) - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(wait, 0) + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [running, order.heldUntil]);

  const until = running ? heldUntilPhrase(order.heldUntil, new Date(now)) : null;
  const pay = running ? order.payLink : null;
  const bag = variant === 'bag';
  const button = 'inline-flex min-h-11 items-center justify-center gap-2 whitespace-nowrap rounded-full px-3 text-sm font-bold sm:px-5';
  const primary = `${button} bg-neutral-950 text-white hover:bg-neutral-800`;
  const secondary = `${button} bg-white text-neutral-950 ring-1 ring-neutral-400 hover:bg-neutral-100`;
  const reference = <span className="font-mono">{order.reference}</span>;

  return (
    <section
      aria-label={bag ? 'Último pedido' : 'Tu pedido'}
      className={`rounded-2xl bg-lime-50 ring-1 ring-lime-300 ${bag ? 'mt-6 p-4 sm:p-5' : 'p-4'}`}
    >
      <div className="flex items-start gap-3">
        <Check aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-lime-700" />
        <div className="min-w-0 flex-1">
          <p className="font-bold text-neutral-950">
            {until ? (
              <>
                Tu pedido {reference} está apartado {until}
              </>
            ) : (
              <>Enviamos tu pedido {reference}</>
            )}
          </p>
          <p className="mt-1 text-sm text-neutral-700">
            {pay
              ? 'Págalo en línea con tarjeta, OXXO o Mercado Pago, o continúa en el chat.'
              : 'Continúa en el chat para confirmar disponibilidad y pago. ¿No se abrió?'}
          </p>
        </div>
      </div>
      {/* phones: 'Pagar en línea' across, the page and the chat side by side under it */}
      <div className={`mt-3 grid grid-cols-2 gap-2 ${bag ? 'sm:flex sm:flex-wrap sm:pl-9' : ''}`}>
        {pay && (
          <a href={pay} className={`${primary} col-span-2`}>
            Pagar en línea
          </a>
        )}
        {order.token && (
          <a href={orderPagePath(order.token)} className={secondary}>
            Ver mi pedido
          </a>
        )}
        <a
          href={order.chatLink}
          target="_blank"
          rel="noopener noreferrer"
          className={`${pay ? secondary : primary} ${order.token ? '' : 'col-span-2'}`}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          Abrir el chat
        </a>
      </div>
    </section>
  );
}
