/**
 * /pedido/?t=…: the order's own page, for whoever holds its link (from the chat, or back from paying
 * at Mercado Pago). Read live on load, again whenever the tab is shown again (a shopper back from
 * paying), when its hold runs out, and every few seconds for two minutes after Mercado Pago said
 * 'approved' until the shop has heard of the payment. Shows the reference, the items, the totals and
 * where the order stands in words (src/lib/order-status.ts); 'Pagar en línea' while it is unpaid and
 * holds its pieces and the shop takes payments online; always the chat, with the reference (never the
 * page's token, the key to the order).
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { BadgeCheck, Check, Clock, MessageCircle, RotateCw, SearchX, ShoppingBag, WifiOff, X } from '../../components/icons.tsx';
import { SHOP, shopChat } from '../../config/shop.ts';
import ProductImage from '../../components/product/ProductImage.tsx';
import { PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { fetchOrderPage, fetchOrderPhotos, orderTokenOf } from '../../data/order.ts';
import { paymentsEnabled } from '../../data/payments.ts';
import { payLink } from '../../lib/payment-link.ts';
import { bagCountLabel } from '../../lib/bag.ts';
import { chatLink, helpChatLink } from '../../lib/chat.ts';
import { discountLabel, minusPrice } from '../../lib/discount-code.ts';
import { formatPrice } from '../../lib/money.ts';
import {
  atPhrase,
  type OrderPage,
  type OrderStanding,
  orderChatMessage,
  orderStanding,
  type PaymentReturn,
  paymentReturnNotice,
  paymentReturnOf,
  type StandingTone,
} from '../../lib/order-status.ts';

interface Props {
  /** The seller's chat number (shop settings). */
  sellerPhone: string;
}

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'error' } | { state: 'ready'; order: OrderPage };

/** After Mercado Pago says 'approved': read again this often, this many times, until the order shows paid. */
const CONFIRM_EVERY_MS = 4_000;
const CONFIRM_TIMES = 30;

const TONE: Record<StandingTone, { box: string; icon: string; Icon: typeof Check }> = {
  apartado: { box: 'bg-amber-50 ring-amber-300', icon: 'text-amber-700', Icon: Clock },
  pendiente: { box: 'bg-amber-50 ring-amber-300', icon: 'text-amber-700', Icon: Clock },
  pagado: { box: 'bg-lime-50 ring-lime-300', icon: 'text-lime-700', Icon: Check },
  enviado: { box: 'bg-lime-50 ring-lime-300', icon: 'text-lime-700', Icon: Check },
  entregado: { box: 'bg-lime-50 ring-lime-300', icon: 'text-lime-700', Icon: BadgeCheck },
  terminado: { box: 'bg-neutral-100 ring-neutral-300', icon: 'text-neutral-600', Icon: X },
  cancelado: { box: 'bg-neutral-100 ring-neutral-300', icon: 'text-neutral-600', Icon: X },
  recibido: { box: 'bg-white ring-neutral-200', icon: 'text-neutral-600', Icon: ShoppingBag },
};

const DARK_BUTTON =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-neutral-950 px-6 text-base font-bold text-white transition hover:bg-neutral-800';
const OUTLINE_BUTTON =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-white px-6 text-base font-bold text-neutral-950 ring-1 ring-neutral-300 transition hover:bg-neutral-100';
const LIME_BUTTON =
  'inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-lime-400 px-6 text-base font-bold text-neutral-950 transition hover:bg-lime-300';

export default function OrderView({ sellerPhone }: Props) {
  // undefined until mounted: the static HTML cannot know the link's token
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [back, setBack] = useState<PaymentReturn | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [now, setNow] = useState(() => new Date());
  const [payEnabled, setPayEnabled] = useState(false);
  const latest = useRef(0);

  /** Reads the order; only the newest read's answer counts. A failed re-read keeps what is shown. */
  const read = useCallback(async (t: string) => {
    const mine = ++latest.current;
    try {
      const order = await fetchOrderPage(t);
      if (mine !== latest.current) return;
      setNow(new Date());
      setLoad(order ? { state: 'ready', order } : { state: 'missing' });
    } catch (e) {
      if (mine !== latest.current) return;
      console.error('No se pudo leer el pedido', e);
      setLoad((shown) => (shown.state === 'ready' ? shown : { state: 'error' }));
    }
  }, []);

  // The token and Mercado Pago's return status from the address; the return's own parameters are
  // dropped from it, so a reload shows the live order without a stale note.
  useEffect(() => {
    const t = orderTokenOf(window.location.search);
    setBack(paymentReturnOf(window.location.search));
    if (t && new URLSearchParams(window.location.search).size > 1) {
      window.history.replaceState(window.history.state, '', `${window.location.pathname}?t=${t}`);
    }
    setToken(t);
    if (t) void read(t);
    else setLoad({ state: 'missing' });
  }, [read]);

  // Back on the tab (from paying, from the chat), or back to a page the browser kept: read again.
  useEffect(() => {
    if (!token) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void read(token);
    };
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) void read(token);
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('pageshow', onShow);
    };
  }, [token, read]);

  // The clock the wording reads ('hasta mañana' becomes 'hasta las' after midnight).
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(id);
  }, []);

  const order = load.state === 'ready' ? load.order : null;
  const standing: OrderStanding | null = order ? orderStanding(order, now) : null;

  // When the hold runs out, the page says so at once and reads the order again.
  const heldUntil = order?.held_until ? Date.parse(order.held_until) : Number.NaN;
  useEffect(() => {
    if (!token || !(heldUntil > Date.now())) return;
    const id = window.setTimeout(
      () => {
        setNow(new Date());
        void read(token);
      },
      Math.min(heldUntil - Date.now() + 1_000, 2 ** 31 - 1),
    );
    return () => window.clearTimeout(id);
  }, [token, heldUntil, read]);

  // Back from Mercado Pago with an approval the shop has not heard of yet: read again for two minutes.
  const awaitingApproval = back === 'approved' && standing !== null && paymentReturnNotice(back, standing) !== null;
  useEffect(() => {
    if (!token || !awaitingApproval) return;
    let times = 0;
    const id = window.setInterval(() => {
      times += 1;
      if (times > CONFIRM_TIMES) window.clearInterval(id);
      else void read(token);
    }, CONFIRM_EVERY_MS);
    return () => window.clearInterval(id);
  }, [token, awaitingApproval, read]);

  // The products' photos, as the shop shows them now: once per order.
  const [photos, setPhotos] = useState<Map<string, string | null> | null>(null);
  const permalinks = order?.items.map((i) => i.permalink).join('\n') ?? '';
  useEffect(() => {
    if (!permalinks) return;
    let active = true;
    void fetchOrderPhotos(permalinks.split('\n')).then((found) => active && setPhotos(found));
    return () => {
      active = false;
    };
  }, [permalinks]);

  // Whether the shop takes payments online: asked once the order could be paid.
  const payable = standing?.payable === true;
  useEffect(() => {
    if (!payable) return;
    let active = true;
    void paymentsEnabled().then((enabled) => active && setPayEnabled(enabled));
    return () => {
      active = false;
    };
  }, [payable]);

  const retry = () => {
    if (!token) return;
    setLoad({ state: 'loading' });
    void read(token);
  };

  const chat = shopChat(sellerPhone);

  if (load.state === 'missing') {
    return (
      <Shell>
        <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">Tu pedido</h1>
        <div className="mt-6 flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-6 py-16 text-center">
          <SearchX aria-hidden="true" className="size-10 text-neutral-400" />
          <h2 className="text-lg font-bold text-neutral-950">No encontramos este pedido</h2>
          <p className="max-w-md text-sm text-neutral-600">
            Revisa que abriste el enlace completo que te enviamos por el chat, o escríbenos con tu número de pedido y te ayudamos.
          </p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <a
              href={helpChatLink(chat)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-neutral-950 px-6 text-sm font-semibold text-white hover:bg-neutral-800"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Escríbenos por WhatsApp
            </a>
            <a
              href="/tienda"
              className="inline-flex min-h-11 items-center rounded-full px-6 text-sm font-semibold text-neutral-950 ring-1 ring-neutral-300 hover:bg-neutral-100"
            >
              Ir a la tienda
            </a>
          </div>
        </div>
      </Shell>
    );
  }

  if (load.state === 'error') {
    return (
      <Shell>
        <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">Tu pedido</h1>
        <div
          role="alert"
          className="mt-6 flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-6 py-16 text-center"
        >
          <WifiOff aria-hidden="true" className="size-10 text-neutral-400" />
          <h2 className="text-lg font-bold text-neutral-950">No pudimos cargar tu pedido</h2>
          <p className="max-w-md text-sm text-neutral-600">Revisa tu conexión e intenta de nuevo.</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <button
              type="button"
              onClick={retry}
              className="inline-flex min-h-11 items-center gap-2 rounded-full bg-neutral-950 px-6 text-sm font-semibold text-white hover:bg-neutral-800"
            >
              <RotateCw aria-hidden="true" className="size-4" />
              Reintentar
            </button>
            <a
              href={helpChatLink(chat)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-full px-6 text-sm font-semibold text-neutral-950 ring-1 ring-neutral-300 hover:bg-neutral-100"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Escríbenos por WhatsApp
            </a>
          </div>
        </div>
      </Shell>
    );
  }

  if (!order || !standing || !token) {
    return (
      <Shell>
        <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">Tu pedido</h1>
        <p className="mt-6 text-sm text-neutral-600" aria-busy="true">
          Cargando tu pedido…
        </p>
        <div aria-hidden="true" className="mt-4 grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div className="h-24 animate-pulse rounded-2xl bg-neutral-100 lg:col-span-2" />
          <div className="h-48 animate-pulse rounded-2xl bg-neutral-100" />
          <div className="h-48 animate-pulse rounded-2xl bg-neutral-100" />
        </div>
      </Shell>
    );
  }

  const tone = TONE[standing.tone];
  const notice = paymentReturnNotice(back, standing);
  const created = Date.parse(order.created_at);
  const orderChat = chatLink(chat, orderChatMessage(SHOP.name, order.reference));

  return (
    <Shell>
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-500">Tu pedido</p>
      <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">
        Pedido <span className="font-mono">{order.reference}</span>
      </h1>
      <p className="mt-1 text-sm text-neutral-600">
        {Number.isNaN(created) ? '' : `Hecho ${atPhrase(new Date(created), now, { today: 'hoy' })} · `}
        {bagCountLabel(order.items.length)}
      </p>

      <section aria-label="Estado del pedido" aria-live="polite" className={`mt-6 flex gap-3 rounded-2xl p-4 ring-1 sm:p-5 ${tone.box}`}>
        <tone.Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${tone.icon}`} />
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold text-neutral-950 sm:text-xl">{standing.headline}</h2>
          {standing.details.map((d) => (
            <p key={d} className="mt-1 text-sm text-neutral-700">
              {d}
            </p>
          ))}
          {standing.tracking?.url && (
            <a
              href={standing.tracking.url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-3 inline-flex min-h-11 items-center rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800"
            >
              Rastrear mi envío
            </a>
          )}
          {notice && (
            <p
              role="status"
              className="mt-3 rounded-xl bg-white/70 px-3 py-2 text-sm font-semibold text-neutral-900 ring-1 ring-neutral-200"
            >
              {notice}
            </p>
          )}
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        {/* what to do next comes first (above the items on a phone, beside them on a laptop) */}
        <section
          aria-label="Resumen del pedido"
          className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-5 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1"
        >
          <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
            <dt className="text-neutral-700">Subtotal ({bagCountLabel(order.items.length)})</dt>
            <dd className="text-right font-semibold text-neutral-950">{formatPrice(order.subtotal)}</dd>
            {order.codigo && (
              <>
                <dt className="text-lime-800">{discountLabel(order.codigo)}</dt>
                <dd className="text-right font-semibold text-lime-800">{minusPrice(order.descuento)}</dd>
              </>
            )}
            <dt className="text-neutral-700">Envío</dt>
            <dd className="text-right font-semibold text-neutral-950">{order.shipping === 0 ? 'Gratis' : formatPrice(order.shipping)}</dd>
            <dt className="border-t border-neutral-200 pt-2 text-base font-bold text-neutral-950">Total</dt>
            <dd className="border-t border-neutral-200 pt-2 text-right text-base font-black text-neutral-950">
              {formatPrice(order.total)}
            </dd>
          </dl>
          <p className="mt-1 text-xs text-neutral-600">Precios en MXN con IVA incluido.</p>

          {standing.payable && payEnabled && (
            <>
              <a href={payLink(PUBLIC_SUPABASE_URL, token)} rel="noreferrer" className={`mt-4 ${LIME_BUTTON}`}>
                Pagar en línea
              </a>
              <p className="mt-2 text-xs text-neutral-600">Pagas en Mercado Pago con tarjeta, OXXO o tu cuenta, y vuelves a esta página.</p>
            </>
          )}
          {standing.payable && !payEnabled && (
            <p className="mt-4 text-xs text-neutral-700">Para pagar, escríbenos por el chat con tu número de pedido.</p>
          )}
          <a
            href={orderChat}
            target="_blank"
            rel="noopener noreferrer"
            // beside 'Pagar en línea' the chat is the second choice
            className={`mt-4 ${standing.payable && payEnabled ? OUTLINE_BUTTON : DARK_BUTTON}`}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            Escríbenos por WhatsApp
          </a>
        </section>

        <ul
          aria-label="Productos del pedido"
          className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white lg:col-start-1 lg:row-start-1"
        >
          {order.items.map((item) => (
            <li key={item.position} className="flex items-start gap-3 p-3 sm:gap-4 sm:p-4">
              <div aria-hidden="true" className="w-16 shrink-0 overflow-hidden rounded-xl bg-neutral-100 sm:w-20">
                <div className="aspect-[4/5]">
                  {photos && <ProductImage url={photos.get(item.permalink) ?? null} alt="" sizes="80px" />}
                </div>
              </div>
              <div className="min-w-0 flex-1">
                {item.marca.trim() && <p className="text-xs font-semibold uppercase tracking-wide text-neutral-500">{item.marca}</p>}
                <a
                  href={`/producto/${encodeURIComponent(item.permalink)}`}
                  className="line-clamp-2 text-sm font-bold text-neutral-950 hover:underline sm:text-base"
                >
                  {item.nombre}
                </a>
                <p className="mt-1 text-sm text-neutral-700">{item.talla ? `Talla: ${item.talla}` : 'Talla única'}</p>
              </div>
              <p className="flex shrink-0 flex-col items-end">
                <span className="font-black text-neutral-950">{formatPrice(item.precio_venta)}</span>
                {item.precio_original > item.precio_venta && (
                  <s className="text-xs text-neutral-500">{formatPrice(item.precio_original)}</s>
                )}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">{children}</div>;
}
