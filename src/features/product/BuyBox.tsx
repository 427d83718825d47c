/**
 * Price, size grid, buy / add to bag / share / favourite, and the phone's sticky bottom bar.
 *
 * 'Comprar ahora' records a one-item order (place_order checks the size and price live and holds the
 * piece) and opens the chat (brand, name, size, product link, order reference) in a new window; with
 * sizes but none chosen, 'Selecciona tu talla' opens first. If the size was sold or held by someone
 * else, or the campaign ended meanwhile, the box says so, no chat opens and the page checks the product
 * again (onStale); if the order cannot be recorded (no connection, a limit), the chat opens without a
 * reference, so buying never breaks. A recorded order shows under the buy buttons (OrderConfirmation):
 * until when it holds the piece, 'Ver mi pedido', its chat again and, while the shop takes payments
 * online (asked beside place_order, src/data/payments.ts), 'Pagar en línea'; its message carries the
 * order's page link, and its payment link while payments are on. The buy buttons are real links to
 * the chat in the built HTML, so buying works before this island has loaded (or if its script fails):
 * without a size chosen the message simply names none. 'Agregar a mi bolsa' keeps the product and
 * size in Mi bolsa.
 *
 * Stock (src/lib/stock.ts, from piezas): a size with one piece says 'Última pieza' (under its button,
 * and beside 'Talla: M' once chosen), a held size says 'Apartada' and a size whose pieces all sold says
 * 'Agotada', and neither can be chosen; a product without sizes with one piece says 'Última pieza'. With no piece for
 * sale the box says 'Apartado' when pieces are held (they come back if the order is not paid), else
 * 'Agotado', instead of buying. An address with ?talla=M (the size's address in the structured data)
 * chooses that size when it can be chosen.
 *
 * 'Avísame' (src/features/alerts): tapping a held or sold-out size (or opening the page with ?talla= of
 * one) offers 'Avísame cuando vuelva' for it;
 * a product with no piece for sale offers it for the product (any size that comes back).
 */
import { lazy, type MouseEvent, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Check, Share2, ShoppingBag } from '../../components/icons.tsx';
import FavoriteButton from '../../components/product/FavoriteButton.tsx';
import { shopChat } from '../../config/shop.ts';
import { placeOrder } from '../../data/bag.ts';
import { linksOf, paymentsEnabled } from '../../data/payments.ts';
import type { BuyProduct } from '../../data/product.ts';
import type { SizeGuide as SizeGuideData } from '../../lib/size-guide.ts';
import { problemText } from '../../lib/bag.ts';
import { productChatLink } from '../../lib/chat.ts';
import { discountBadge, hasDiscount } from '../../lib/discount.ts';
import { formatPrice } from '../../lib/money.ts';
import { choosable, findChoosable, hasSizes, heldText, LAST_PIECE_LABEL, productState, sizeChoices } from '../../lib/stock.ts';
import { $bag, addBagItem } from '../bag/store.ts';
import { useStoreValue } from '../../stores/use-store.ts';
import { openChat, releaseChatWindow, reserveChatWindow } from '../bag/chat-window.ts';
import type { ConfirmedOrder } from '../bag/OrderConfirmation.tsx';
import type { OrderLinks } from '../../lib/payment-link.ts';
import ShareDialog from './ShareDialog.tsx';
import SizeGuide from './SizeGuide.tsx';
import SizeDialog from './SizeDialog.tsx';
import SizePicker from './SizePicker.tsx';

// loaded once an order is recorded (it brings date-fns for the hold's time)
const OrderConfirmation = lazy(() => import('../bag/OrderConfirmation.tsx'));
// loaded only where a size or the product cannot be had: most product pages never show it
const NotifyButton = lazy(() => import('../alerts/NotifyButton.tsx'));

interface Props {
  product: BuyProduct;
  /** The product page's absolute URL (sent in the chat message and shared). */
  url: string;
  /** The live check found a different price than the one built. */
  priceUpdated?: boolean;
  /** The seller's chat number (shop settings). */
  sellerPhone: string;
  /** The product's size guide ('Guía de tallas' beside the sizes), when it has one, or a built page's guide id. */
  sizeGuide?: SizeGuideData | string | null;
  /** An order was refused because the product changed (a size sold or held meanwhile): read it again. */
  onStale?: (() => void) | undefined;
}

/** The site's address from a product page's (its origin: the shop is served at the root); '' when unreadable. */
function siteOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** What the size dialog leads to. */
type Intent = 'buy' | 'bag';
const EMPTY: never[] = [];

export default function BuyBox({ product: p, url, priceUpdated = false, sellerPhone, sizeGuide = null, onStale }: Props) {
  const [picked, setPicked] = useState<string | null>(null);
  const [sizeDialog, setSizeDialog] = useState<Intent | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The order 'Comprar ahora' recorded last on this page. */
  const [placed, setPlaced] = useState<ConfirmedOrder | null>(null);
  /** A held or sold-out size the shopper tapped: offered 'Avísame cuando vuelva'. */
  const [waitFor, setWaitFor] = useState<string | null>(null);
  const bag = useStoreValue($bag, EMPTY);
  const shareId = useId();
  const problemId = useId();
  const badge = discountBadge(p.precio_original, p.precio_venta);
  const choices = useMemo(() => sizeChoices(p.piezas), [p.piezas]);
  const withSizes = hasSizes(p.piezas);
  const stock = productState(p.piezas);
  // the chosen size while it can be had: one held or sold since it was chosen is chosen no more
  const chosen = findChoosable(choices, picked);
  const size = chosen?.talla ?? null;
  const inBag = bag.some((i) => i.product_id === p.id && (i.talla ?? '').toLowerCase() === (size ?? '').toLowerCase());

  // ?talla=M chooses M when nothing is chosen yet and M can be chosen (the built page's sizes, then the
  // live check's); while M is held or sold out, the address (a variant's in the structured data) offers
  // its 'Avísame' instead
  const wanted = useRef<string | undefined>(undefined);
  useEffect(() => {
    wanted.current ??= new URLSearchParams(window.location.search).get('talla')?.trim().toLowerCase() ?? '';
    const key = wanted.current;
    if (!key) return;
    const found = findChoosable(choices, key);
    const away = choices.find((c) => !choosable(c) && c.talla.toLowerCase() === key);
    if (found) setPicked((current) => current ?? found.talla);
    else if (away) setWaitFor((current) => current ?? away.talla);
  }, [choices]);

  const chatLink = (talla: string | null, pedido: string | null = null, links: OrderLinks | null = null) =>
    productChatLink(shopChat(sellerPhone), { nombre: p.nombre, marca: p.marca, talla, url, pedido, links });

  /** Records the order, then opens its chat (see the file's comment for what happens when it cannot). */
  const buyNow = async (talla: string | null) => {
    const win = reserveChatWindow();
    setProblem(null);
    setSending(true);
    try {
      const [answer, payOnline] = await Promise.all([
        placeOrder([{ product_id: p.id, talla, precio_venta: p.precio_venta }], 'producto'),
        paymentsEnabled(),
      ]);
      if (answer.ok) {
        const links = linksOf(answer.page_token, siteOf(url), payOnline);
        const link = chatLink(talla, answer.reference, links);
        openChat(win, link);
        setPlaced({
          reference: answer.reference,
          chatLink: link,
          token: answer.page_token,
          heldUntil: answer.held_until,
          payLink: links?.pay ?? null,
        });
      } else {
        releaseChatWindow(win);
        const first = answer.problems[0];
        setProblem(first ? problemText(first, talla) : 'Este producto ya no está disponible.');
        onStale?.();
      }
    } catch (error) {
      console.error('No se pudo registrar el pedido; el chat se abre sin referencia', error);
      openChat(win, chatLink(talla));
    } finally {
      setSending(false);
    }
  };
  const addToBag = (talla: string | null) => {
    setProblem(null);
    addBagItem({
      product_id: p.id,
      permalink: p.permalink,
      nombre: p.nombre,
      marca: p.marca,
      talla,
      precio_venta: p.precio_venta,
      precio_original: p.precio_original,
      imagen_principal: p.imagen_principal,
      added_at: Date.now(),
    });
  };
  /** The link opens the chat by itself until the island loads; then the order is recorded first. */
  const buy = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (sending) return;
    if (withSizes && !size) setSizeDialog('buy');
    else void buyNow(size);
  };
  const bagIt = () => {
    if (withSizes && !size) setSizeDialog('bag');
    else addToBag(size);
  };
  const choose = (s: string) => {
    const intent = sizeDialog;
    setPicked(s);
    setSizeDialog(null);
    if (intent === 'buy') void buyNow(s);
    else addToBag(s);
  };

  const forSale = stock === 'disponible' || stock === 'ultima';
  const price = (
    <div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="sr-only">Precio:</span>
        <span className="text-3xl font-black tracking-tight text-neutral-950">{formatPrice(p.precio_venta)}</span>
        {hasDiscount(p.precio_original, p.precio_venta) && (
          <>
            <span className="sr-only">Precio original:</span>
            <s className="text-lg text-neutral-500">{formatPrice(p.precio_original)}</s>
          </>
        )}
        {badge && forSale && <span className="rounded-full bg-lime-400 px-3 py-1 text-sm font-extrabold text-neutral-950">{badge}</span>}
      </p>
      <p className="mt-1 text-xs text-neutral-600">
        Precio en MXN con IVA incluido.{priceUpdated && <strong className="ml-1 text-neutral-900">Precio actualizado.</strong>}
      </p>
    </div>
  );

  const moreProducts = (
    <a
      href="/tienda"
      className="mt-3 inline-flex min-h-11 items-center rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800"
    >
      Ver más productos
    </a>
  );
  const sizeLabel = (
    <p className="text-sm font-bold text-neutral-950">
      Talla
      {chosen && <span className="font-normal text-neutral-700">: {chosen.talla}</span>}
      {chosen?.estado === 'ultima' && <span className="font-semibold text-amber-800"> · {LAST_PIECE_LABEL}</span>}
    </p>
  );

  // the held or sold-out size tapped, while it still cannot be had (one back on sale meanwhile can simply be chosen)
  const heldWanted = waitFor ? choices.find((c) => c.talla === waitFor && !choosable(c)) : undefined;
  const sizeAlert = heldWanted && (
    <div key={heldWanted.talla} className="mt-3 flex flex-col gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm text-neutral-800">
        La talla <strong>{heldWanted.talla}</strong>{' '}
        {heldWanted.estado === 'agotada'
          ? 'se agotó: si vuelve a la venta, te avisamos.'
          : 'está apartada en un pedido sin pagar: puede volver a la venta.'}
      </p>
      <Suspense fallback={null}>
        <NotifyButton kind="size" productId={p.id} productName={p.nombre} talla={heldWanted.talla} label="Avísame cuando vuelva" />
      </Suspense>
    </div>
  );

  if (stock === 'agotado') {
    return (
      <div className="flex flex-col gap-5">
        {price}
        <div className="rounded-2xl border border-neutral-300 bg-neutral-50 p-4">
          <p className="text-lg font-black text-neutral-950">Agotado</p>
          <p className="mt-1 text-sm text-neutral-700">Vendimos todas las piezas de este producto.</p>
          <Suspense fallback={null}>
            <NotifyButton kind="size" productId={p.id} productName={p.nombre} talla={null} label="Avísame si vuelve" className="mt-3" />
          </Suspense>
          {moreProducts}
        </div>
        <FavoriteButton className="size-12! border border-neutral-300 shadow-none! ring-0!" product={p} />
      </div>
    );
  }

  // every piece left is held by unpaid orders: it may come back, so the shopper can keep it in favourites
  if (stock === 'apartado') {
    return (
      <div className="flex flex-col gap-5">
        {price}
        {withSizes && (
          <div>
            <div className="mb-2">{sizeLabel}</div>
            <SizePicker sizes={choices} selected={null} onSelect={setPicked} label="Talla" onUnavailable={setWaitFor} />
            {sizeAlert}
          </div>
        )}
        <div className="rounded-2xl border border-amber-300 bg-amber-50 p-4">
          <p className="text-lg font-black text-neutral-950">Apartado</p>
          <p className="mt-1 text-sm text-neutral-800">{heldText(p.piezas)}</p>
          {!heldWanted && (
            <Suspense fallback={null}>
              <NotifyButton
                kind="size"
                productId={p.id}
                productName={p.nombre}
                talla={null}
                label="Avísame cuando vuelva"
                className="mt-3"
              />
            </Suspense>
          )}
          {moreProducts}
        </div>
        <div className="flex items-center gap-3">
          <FavoriteButton className="size-12! border border-neutral-300 shadow-none! ring-0!" product={p} />
          <p className="text-sm text-neutral-700">Guárdalo en favoritos por si vuelve a estar a la venta.</p>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {price}

      {withSizes && (
        <div>
          <div className="mb-2 flex items-center gap-2">
            {sizeLabel}
            {sizeGuide && <SizeGuide guide={sizeGuide} sizes={choices.map((c) => c.talla)} className="ml-auto" />}
          </div>
          <SizePicker sizes={choices} selected={size} onSelect={setPicked} label="Talla" onUnavailable={setWaitFor} />
          {sizeAlert}
        </div>
      )}
      {stock === 'ultima' && (
        <p className="-mt-2 self-start rounded-full bg-amber-100 px-3 py-1 text-xs font-bold text-amber-900">{LAST_PIECE_LABEL}</p>
      )}

      <div className="flex flex-col gap-2">
        <div className="flex items-center gap-2">
          <a
            href={chatLink(size)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={buy}
            aria-disabled={sending || undefined}
            aria-describedby={problem ? problemId : undefined}
            className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-lime-400 px-6 text-base font-bold text-neutral-950 transition hover:bg-lime-300 aria-disabled:opacity-70"
          >
            <ShoppingBag aria-hidden="true" className="size-5" />
            {sending ? 'Abriendo chat…' : 'Comprar ahora'}
          </a>
          <button
            type="button"
            aria-label="Compartir"
            popoverTarget={shareId}
            className="inline-flex size-12 items-center justify-center rounded-full border border-neutral-300 text-neutral-900 transition hover:border-neutral-950"
          >
            <Share2 aria-hidden="true" className="size-5" />
          </button>
          <FavoriteButton className="size-12! border border-neutral-300 shadow-none! ring-0!" product={p} />
        </div>
        <button
          type="button"
          onClick={bagIt}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full border-2 border-neutral-950 px-6 text-base font-bold text-neutral-950 transition hover:bg-neutral-950 hover:text-white"
        >
          {inBag && <Check aria-hidden="true" className="size-5" />}
          {inBag ? 'En tu bolsa' : 'Agregar a mi bolsa'}
        </button>
        {inBag && (
          <a href="/bolsa" className="self-center text-sm font-semibold text-neutral-900 underline underline-offset-4">
            Ver mi bolsa
          </a>
        )}
      </div>
      {problem && (
        <p id={problemId} role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
      {placed && (
        <Suspense fallback={null}>
          <OrderConfirmation key={placed.reference} variant="product" order={placed} />
        </Suspense>
      )}
      <p className="text-xs text-neutral-600">Compras por mensaje: confirmamos disponibilidad de tu talla antes de que pagues.</p>

      {/* Phones: the help widget and toasts rise above this bar (--bottom-bar-height, src/styles/global.css). */}
      <section
        aria-label="Barra de compra"
        className="product-buy-bar fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur md:hidden"
      >
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2">
              <span className="text-lg font-black text-neutral-950">{formatPrice(p.precio_venta)}</span>
              {badge && <span className="rounded-full bg-lime-400 px-2 py-0.5 text-xs font-extrabold text-neutral-950">{badge}</span>}
            </p>
            {withSizes && <p className="truncate text-xs text-neutral-600">{size ? `Talla: ${size}` : 'Elige tu talla'}</p>}
          </div>
          <button
            type="button"
            onClick={bagIt}
            aria-label={inBag ? 'En tu bolsa' : 'Agregar a mi bolsa'}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border-2 border-neutral-950 text-neutral-950"
          >
            {inBag ? <Check aria-hidden="true" className="size-5" /> : <ShoppingBag aria-hidden="true" className="size-5" />}
          </button>
          <a
            href={chatLink(size)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={buy}
            className="inline-flex min-h-11 items-center gap-2 rounded-full bg-neutral-950 px-6 text-sm font-bold text-white hover:bg-neutral-800"
          >
            Comprar
          </a>
        </div>
      </section>

      {withSizes && (
        <SizeDialog
          open={sizeDialog !== null}
          onOpenChange={(open) => !open && setSizeDialog(null)}
          sizes={choices}
          onChoose={choose}
          description={sizeDialog === 'bag' ? 'Elige tu talla para agregarla a tu bolsa.' : undefined}
        />
      )}
      <ShareDialog id={shareId} url={url} text={`${p.nombre}${p.marca.trim() ? ` de ${p.marca.trim()}` : ''}`} />
    </div>
  );
}
