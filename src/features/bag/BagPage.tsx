/**
 * /bolsa: the shopper's bag (kept in this browser), checked live on load: a line whose product ended,
 * sold out, lost its size (sold, or held by another shopper's unpaid order: 'Alguien acaba de apartar
 * esta talla.') or changed price is flagged where it is. Totals with IVA and the shop's
 * shipping rule. 'Enviar pedido por WhatsApp' records the order (place_order checks every line again)
 * and opens one chat listing every line with the order's reference; lines that changed meanwhile are
 * flagged instead and nothing is sent until the shopper removes them (or accepts a new price). A sent
 * order empties the bag and stays at the top (OrderConfirmation): until when it holds its pieces, 'Ver
 * mi pedido', its chat again, and 'Pagar en línea' while the shop takes payments online. The message
 * carries the order's page link, and its payment link while payments are on; whether they are is asked
 * beside place_order (src/data/payments.ts), so the chat waits for neither longer than the other.
 *
 * A discount code (DiscountCodeField) is checked by the database on the bag's lines
 * (preview_discount_code) when applied and again whenever the lines change; the totals then show the
 * database's discount, shipping and total, the same place_order records and the message states. A
 * code refused on sending ('Este código ya se agotó') sends nothing: the shopper removes it or tries
 * another.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { MessageCircle, ShoppingBag, X } from '../../components/icons.tsx';
import ProductImage from '../../components/product/ProductImage.tsx';
import { shopChat } from '../../config/shop.ts';
import { fetchBagProducts, type OrderLine, placeOrder } from '../../data/bag.ts';
import { previewDiscountCode } from '../../data/discount-codes.ts';
import { linksOf, paymentsEnabled } from '../../data/payments.ts';
import {
  type BagItem,
  type BagProblem,
  bagCountLabel,
  bagKey,
  bagTotals,
  blocksOrder,
  liveProblems,
  orderChatLink,
  problemText,
} from '../../lib/bag.ts';
import { type CodePreview, discountLabel, minusPrice, normalizeCode, totalsWithCode } from '../../lib/discount-code.ts';
import { formatPrice } from '../../lib/money.ts';
import type { ShopPolicies } from '../../lib/policies.ts';
import { $bag, $bagCode, $lastOrder, type LastOrder, orderSent, removeBagItem, repriceBagItem } from './store.ts';
import { useStoreValue } from '../../stores/use-store.ts';
import { openChat, releaseChatWindow, reserveChatWindow } from './chat-window.ts';
import DiscountCodeField from './DiscountCodeField.tsx';

// loaded once there is an order to confirm (it brings date-fns for the hold's time)
const OrderConfirmation = lazy(() => import('./OrderConfirmation.tsx'));

interface Props {
  /** The seller's chat number (shop settings). */
  sellerPhone: string;
  /** The site's address, for the product links in the message. */
  site: string;
  policies: Pick<ShopPolicies, 'freeShippingMin' | 'shippingCost'>;
  /** The shop's shipping rule in words ('Envío gratis en compras desde $1,500.'). */
  shippingRule: string;
}

const NONE: BagItem[] = [];
const NO_ORDER: LastOrder | null = null;
const NO_CODE: string | null = null;

const CODE_BLOCKS = 'Tu código de descuento no se puede usar. Quítalo para enviar tu pedido sin descuento, o prueba otro.';

/** The lines as place_order and the code's preview take them. */
const orderLines = (bag: readonly BagItem[]): OrderLine[] =>
  bag.map((i) => ({ product_id: i.product_id, talla: i.talla, precio_venta: i.precio_venta }));

/** A code's answer for one code on one set of lines: a new answer is asked whenever either changes. */
interface Quote {
  key: string;
  preview: CodePreview;
}

export default function BagPage({ sellerPhone, site, policies, shippingRule }: Props) {
  const bag = useStoreValue($bag, NONE);
  const lastOrder = useStoreValue($lastOrder, NO_ORDER);
  const code = useStoreValue($bagCode, NO_CODE);
  // The static HTML cannot know the browser's bag: nothing but the heading until mounted.
  const [mounted, setMounted] = useState(false);
  const [problems, setProblems] = useState<Map<string, BagProblem>>(new Map());
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Whether the shop takes payments online (asked only once there is an order to pay). */
  const [payments, setPayments] = useState(false);
  /** The database's answer for the applied code on the bag's lines as they are now (or were last asked). */
  const [quote, setQuote] = useState<Quote | null>(null);
  /** Why the code just typed was not applied. */
  const [typedRefusal, setTypedRefusal] = useState<string | null>(null);
  const errorId = useId();
  useEffect(() => setMounted(true), []);

  // the last order, kept from an earlier visit: whether it can be paid online now
  const lastToken = lastOrder?.token ?? null;
  useEffect(() => {
    if (!lastToken) return;
    let active = true;
    void paymentsEnabled().then((on) => active && setPayments(on));
    return () => {
      active = false;
    };
  }, [lastToken]);

  // The live check, once per set of products in the bag.
  const ids = bag.map((i) => i.product_id).join(',');
  useEffect(() => {
    if (!ids) return;
    let active = true;
    fetchBagProducts(ids.split(','))
      .then((live) => active && setProblems(liveProblems($bag.get(), live)))
      .catch((e: unknown) => console.error('No se pudo revisar la bolsa en vivo', e));
    return () => {
      active = false;
    };
  }, [ids]);

  // The applied code, asked again whenever the lines (or their prices) change.
  const linesKey = JSON.stringify(orderLines(bag));
  const quoteKey = code ? `${code}|${linesKey}` : '';
  const askedFor = useRef('');
  useEffect(() => {
    if (!code || linesKey === '[]' || askedFor.current === `${code}|${linesKey}`) return;
    const key = `${code}|${linesKey}`;
    askedFor.current = key;
    let active = true;
    previewDiscountCode(code, JSON.parse(linesKey) as OrderLine[])
      .then((preview) => active && setQuote({ key, preview }))
      .catch((e: unknown) => {
        askedFor.current = '';
        if (active) setQuote({ key, preview: { ok: false, motivo: '', mensaje: e instanceof Error ? e.message : String(e) } });
      });
    return () => {
      active = false;
      if (askedFor.current === key) askedFor.current = '';
    };
  }, [code, linesKey]);
  const current = quote && quote.key === quoteKey ? quote.preview : null;
  const applied = current?.ok ? current : null;
  const codeRefusal = code ? (current && !current.ok ? current.mensaje : null) : typedRefusal;

  const applyCode = async (typed: string) => {
    const wanted = normalizeCode(typed);
    if (!wanted) {
      setTypedRefusal('Escribe tu código de descuento');
      return;
    }
    setTypedRefusal(null);
    try {
      const preview = await previewDiscountCode(wanted, orderLines(bag));
      if (!preview.ok) {
        setTypedRefusal(preview.mensaje);
        return;
      }
      const key = `${preview.codigo}|${linesKey}`;
      askedFor.current = key;
      setQuote({ key, preview });
      $bagCode.set(preview.codigo);
      setError(null);
    } catch (e) {
      setTypedRefusal(e instanceof Error ? e.message : 'No pudimos revisar tu código. Intenta de nuevo.');
    }
  };
  const removeCode = () => {
    $bagCode.set(null);
    setQuote(null);
    setTypedRefusal(null);
    setError(null);
  };

  const base = bagTotals(bag, policies);
  const withCode = applied ? totalsWithCode(base, applied, policies) : null;
  const totals = withCode ?? base;
  const blocking = bag.filter((i) => {
    const p = problems.get(bagKey(i));
    return p !== undefined && blocksOrder(p);
  }).length;

  const remove = (key: string) => {
    removeBagItem(key);
    setProblems((old) => {
      const next = new Map(old);
      next.delete(key);
      return next;
    });
  };
  const acceptPrice = (key: string, price: number) => {
    repriceBagItem(key, price);
    setProblems((old) => {
      const next = new Map(old);
      next.delete(key);
      return next;
    });
  };

  const send = async () => {
    if (sending || bag.length === 0) return;
    if (blocking > 0) {
      setError('Quita de tu bolsa los productos marcados para enviar tu pedido.');
      return;
    }
    // a code the database refused stops the order here; one it could not be asked about (no
    // connection) goes with the order, and place_order decides
    if (code && current && !current.ok && current.motivo) {
      setError(CODE_BLOCKS);
      return;
    }
    const win = reserveChatWindow();
    setError(null);
    setSending(true);
    try {
      const [answer, payOnline] = await Promise.all([placeOrder(orderLines(bag), 'bolsa', code), paymentsEnabled()]);
      if (answer.ok) {
        const link = orderChatLink(shopChat(sellerPhone), site, answer, linksOf(answer.page_token, site, payOnline));
        setPayments(payOnline);
        orderSent({ reference: answer.reference, link, at: Date.now(), token: answer.page_token, heldUntil: answer.held_until });
        setProblems(new Map());
        setQuote(null);
        openChat(win, link);
      } else if (answer.codeProblem) {
        // every line was fine: only the code stopped the order
        releaseChatWindow(win);
        setQuote({ key: quoteKey, preview: { ok: false, ...answer.codeProblem } });
        setError(CODE_BLOCKS);
      } else {
        releaseChatWindow(win);
        const found = new Map<string, BagProblem>();
        for (const p of answer.problems) {
          const line = bag[p.position - 1];
          if (line) found.set(bagKey(line), { motivo: p.motivo, precio_venta: p.precio_venta });
        }
        setProblems(found);
        setError(
          found.size === 1
            ? 'Un producto de tu bolsa cambió. Revísalo antes de enviar tu pedido.'
            : 'Algunos productos de tu bolsa cambiaron. Revísalos antes de enviar tu pedido.',
        );
      }
    } catch (e) {
      releaseChatWindow(win);
      setError(e instanceof Error ? e.message : 'No se pudo enviar tu pedido. Intenta de nuevo.');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">Mi bolsa</h1>
      {mounted && bag.length > 0 && (
        <p className="mt-1 text-sm text-neutral-600" aria-live="polite">
          {bagCountLabel(bag.length)}
        </p>
      )}

      {mounted && lastOrder && (
        <Suspense fallback={null}>
          <OrderConfirmation
            variant="bag"
            order={{
              reference: lastOrder.reference,
              chatLink: lastOrder.link,
              token: lastOrder.token ?? null,
              heldUntil: lastOrder.heldUntil ?? null,
              payLink: linksOf(lastOrder.token, site, payments)?.pay ?? null,
            }}
          />
        </Suspense>
      )}

      {!mounted ? (
        <p className="mt-6 text-sm text-neutral-600" aria-busy="true">
          Cargando tu bolsa…
        </p>
      ) : bag.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-6 py-16 text-center">
          <ShoppingBag aria-hidden="true" className="size-10 text-neutral-400" />
          <p className="text-lg font-bold text-neutral-950">Tu bolsa está vacía</p>
          <p className="text-sm text-neutral-600">Agrega productos con su talla y envíalos juntos en un solo mensaje.</p>
          <a
            href="/tienda"
            className="mt-2 inline-flex items-center rounded-full bg-neutral-950 px-6 py-3 text-sm font-semibold text-white hover:bg-neutral-800"
          >
            Ir a la tienda
          </a>
        </div>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <ul aria-label="Productos en tu bolsa" className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
            {bag.map((item) => {
              const key = bagKey(item);
              const problem = problems.get(key);
              return (
                <li key={key} className={`flex gap-3 p-3 sm:gap-4 sm:p-4 ${problem && blocksOrder(problem) ? 'bg-red-50/60' : ''}`}>
                  <a
                    href={`/producto/${encodeURIComponent(item.permalink)}`}
                    className="block w-20 shrink-0 overflow-hidden rounded-xl bg-neutral-100 sm:w-24"
                  >
                    <div className="aspect-[4/5]">
                      <ProductImage url={item.imagen_principal} alt={item.nombre} sizes="96px" />
                    </div>
                  </a>
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex items-start gap-2">
                      <div className="min-w-0 flex-1">
                        {item.marca.trim() && (
                          <p className="text-xs font-semibold uppercase tracking-wide text-neutral-500">{item.marca}</p>
                        )}
                        <a
                          href={`/producto/${encodeURIComponent(item.permalink)}`}
                          className="line-clamp-2 text-sm font-bold text-neutral-950 hover:underline sm:text-base"
                        >
                          {item.nombre}
                        </a>
                      </div>
                      <button
                        type="button"
                        onClick={() => remove(key)}
                        aria-label={`Quitar ${item.nombre}${item.talla ? ` talla ${item.talla}` : ''} de tu bolsa`}
                        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-neutral-600 hover:bg-neutral-100 hover:text-neutral-950"
                      >
                        <X aria-hidden="true" className="size-5" />
                      </button>
                    </div>
                    <p className="text-sm text-neutral-700">{item.talla ? `Talla: ${item.talla}` : 'Talla única'}</p>
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <span className="font-black text-neutral-950">{formatPrice(item.precio_venta)}</span>
                      {item.precio_original > item.precio_venta && (
                        <s className="text-xs text-neutral-500">{formatPrice(item.precio_original)}</s>
                      )}
                    </p>
                    {problem && (
                      <div className="mt-1 flex flex-wrap items-center gap-2">
                        <p className={`text-sm font-semibold ${blocksOrder(problem) ? 'text-red-800' : 'text-amber-800'}`}>
                          {problemText(problem, item.talla)}
                        </p>
                        {problem.motivo === 'precio' && problem.precio_venta != null && (
                          <button
                            type="button"
                            onClick={() => acceptPrice(key, problem.precio_venta ?? item.precio_venta)}
                            className="rounded-full px-3 py-1 text-xs font-bold text-neutral-950 ring-1 ring-neutral-400 hover:bg-neutral-100"
                          >
                            Aceptar nuevo precio
                          </button>
                        )}
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>

          <section
            aria-label="Resumen del pedido"
            className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-5 lg:sticky lg:top-24"
          >
            <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
              <dt className="text-neutral-700">Subtotal ({bagCountLabel(totals.count)})</dt>
              <dd className="text-right font-semibold text-neutral-950">{formatPrice(totals.subtotal)}</dd>
              {withCode && (
                <>
                  <dt className="text-lime-800">{discountLabel(withCode.codigo)}</dt>
                  <dd className="text-right font-semibold text-lime-800">{minusPrice(withCode.descuento)}</dd>
                </>
              )}
              <dt className="text-neutral-700">Envío</dt>
              <dd className="text-right font-semibold text-neutral-950">
                {totals.shipping === 0 ? 'Gratis' : formatPrice(totals.shipping)}
              </dd>
              <dt className="border-t border-neutral-200 pt-2 text-base font-bold text-neutral-950">Total</dt>
              <dd className="border-t border-neutral-200 pt-2 text-right text-base font-black text-neutral-950">
                {formatPrice(totals.total)}
              </dd>
            </dl>
            <p className="mt-1 text-xs text-neutral-600">Precios en MXN con IVA incluido.</p>
            <DiscountCodeField
              code={code}
              resumen={applied?.resumen ?? null}
              refusal={codeRefusal}
              onApply={applyCode}
              onRemove={removeCode}
            />
            <p className="mt-3 text-xs text-neutral-700">
              {totals.toFreeShipping !== null ? `Te faltan ${formatPrice(totals.toFreeShipping)} para el envío gratis. ` : ''}
              {shippingRule}
            </p>
            <button
              type="button"
              onClick={() => void send()}
              aria-disabled={sending || undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-4 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-lime-400 px-6 text-base font-bold text-neutral-950 transition hover:bg-lime-300 aria-disabled:opacity-70"
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              {sending ? 'Enviando pedido…' : 'Enviar pedido por WhatsApp'}
            </button>
            {error && (
              <p id={errorId} role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm font-semibold text-red-800">
                {error}
              </p>
            )}
            <p className="mt-3 text-xs text-neutral-600">
              Te enviamos al chat con tu pedido y su número de referencia. Confirmamos disponibilidad antes de que pagues.
            </p>
          </section>
        </div>
      )}
    </div>
  );
}
