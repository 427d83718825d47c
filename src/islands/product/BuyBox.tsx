/**
 * Price, size grid, buy / add to bag / share / favourite, and the phone's sticky bottom bar.
 *
 * 'Comprar ahora' records a one-item order (place_order checks the size and price live) and opens the
 * chat (brand, name, size, product link, order reference) in a new window; with sizes but none chosen,
 * 'Selecciona tu talla' opens first. If the size was sold or the campaign ended meanwhile, the box says
 * so and no chat opens; if the order cannot be recorded (no connection, a limit), the chat opens
 * without a reference, so buying never breaks. The buy buttons are real links to the chat in the built
 * HTML, so buying works before this island has loaded (or if its script fails): without a size chosen
 * the message simply names none. 'Agregar a mi bolsa' keeps the product and size in Mi bolsa.
 * A sold-out product (agotado) shows 'Agotado' instead of buying.
 */
import { type MouseEvent, useId, useState } from 'react';
import { Check, Share2, ShoppingBag } from '../../components/icons.tsx';
import FavoriteButton from '../../components/product/FavoriteButton.tsx';
import { shopChat } from '../../config/shop.ts';
import { placeOrder } from '../../data/bag.ts';
import type { BuyProduct } from '../../data/product.ts';
import type { SizeGuide as SizeGuideData } from '../../lib/size-guide.ts';
import { problemText } from '../../lib/bag.ts';
import { productChatLink } from '../../lib/chat.ts';
import { discountBadge, hasDiscount } from '../../lib/discount.ts';
import { formatPrice } from '../../lib/money.ts';
import { $bag, addBagItem } from '../../stores/bag.ts';
import { useStoreValue } from '../../stores/use-store.ts';
import { openChat, releaseChatWindow, reserveChatWindow } from '../bag/chat-window.ts';
import ShareDialog from './ShareDialog.tsx';
import SizeGuide from './SizeGuide.tsx';
import SizeDialog from './SizeDialog.tsx';
import SizePicker from './SizePicker.tsx';

interface Props {
  product: BuyProduct;
  /** The product page's absolute URL (sent in the chat message and shared). */
  url: string;
  /** The live check found a different price than the one built. */
  priceUpdated?: boolean;
  /** The seller's chat number (shop settings). */
  sellerPhone: string;
  /** The product's size guide ('Guía de tallas' beside the sizes), when it has one. */
  sizeGuide?: SizeGuideData | null;
}

/** What the size dialog leads to. */
type Intent = 'buy' | 'bag';
const EMPTY: never[] = [];

export default function BuyBox({ product: p, url, priceUpdated = false, sellerPhone, sizeGuide = null }: Props) {
  const [size, setSize] = useState<string | null>(null);
  const [sizeDialog, setSizeDialog] = useState<Intent | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const bag = useStoreValue($bag, EMPTY);
  const shareId = useId();
  const problemId = useId();
  const badge = discountBadge(p.precio_original, p.precio_venta);
  const hasSizes = p.sizes.length > 0;
  const inBag = bag.some((i) => i.product_id === p.id && (i.talla ?? '').toLowerCase() === (size ?? '').toLowerCase());

  const chatLink = (talla: string | null, pedido: string | null = null) =>
    productChatLink(shopChat(sellerPhone), { nombre: p.nombre, marca: p.marca, talla, url, pedido });

  /** Records the order, then opens its chat (see the file's comment for what happens when it cannot). */
  const buyNow = async (talla: string | null) => {
    const win = reserveChatWindow();
    setProblem(null);
    setSending(true);
    try {
      const answer = await placeOrder([{ product_id: p.id, talla, precio_venta: p.precio_venta }], 'producto');
      if (answer.ok) openChat(win, chatLink(talla, answer.reference));
      else {
        releaseChatWindow(win);
        const first = answer.problems[0];
        setProblem(first ? problemText(first) : 'Este producto ya no está disponible.');
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
    if (hasSizes && !size) setSizeDialog('buy');
    else void buyNow(size);
  };
  const bagIt = () => {
    if (hasSizes && !size) setSizeDialog('bag');
    else addToBag(size);
  };
  const choose = (s: string) => {
    const intent = sizeDialog;
    setSize(s);
    setSizeDialog(null);
    if (intent === 'buy') void buyNow(s);
    else addToBag(s);
  };

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
        {badge && !p.agotado && <span className="rounded-full bg-lime-400 px-3 py-1 text-sm font-extrabold text-neutral-950">{badge}</span>}
      </p>
      <p className="mt-1 text-xs text-neutral-600">
        Precio en MXN con IVA incluido.{priceUpdated && <strong className="ml-1 text-neutral-900">Precio actualizado.</strong>}
      </p>
    </div>
  );

  if (p.agotado) {
    return (
      <div className="flex flex-col gap-5">
        {price}
        <div className="rounded-2xl border border-neutral-300 bg-neutral-50 p-4">
          <p className="text-lg font-black text-neutral-950">Agotado</p>
          <p className="mt-1 text-sm text-neutral-700">Vendimos todas las piezas de este producto.</p>
          <a
            href="/tienda"
            className="mt-3 inline-flex min-h-11 items-center rounded-full bg-neutral-950 px-5 text-sm font-bold text-white hover:bg-neutral-800"
          >
            Ver más productos
          </a>
        </div>
        <FavoriteButton className="size-12! border border-neutral-300 shadow-none! ring-0!" product={p} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {price}

      {hasSizes && (
        <div>
          <div className="mb-2 flex items-center gap-2">
            <p className="text-sm font-bold text-neutral-950">
              Talla{size && <span className="font-normal text-neutral-700">: {size}</span>}
            </p>
            {sizeGuide && <SizeGuide guide={sizeGuide} sizes={p.sizes} className="ml-auto" />}
          </div>
          <SizePicker sizes={p.sizes} selected={size} onSelect={setSize} label="Talla" />
        </div>
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
      <p className="text-xs text-neutral-600">Compras por mensaje: confirmamos disponibilidad de tu talla antes de que pagues.</p>

      {/* Phones: the help widget and toasts rise above this bar (HelpWidget reads --bottom-bar-height). */}
      <style>{'@media (max-width: 767px) { :root:has(.product-buy-bar) { --bottom-bar-height: 4.5rem; } }'}</style>
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
            {hasSizes && <p className="truncate text-xs text-neutral-600">{size ? `Talla: ${size}` : 'Elige tu talla'}</p>}
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

      {hasSizes && (
        <SizeDialog
          open={sizeDialog !== null}
          onOpenChange={(open) => !open && setSizeDialog(null)}
          sizes={p.sizes}
          onChoose={choose}
          description={sizeDialog === 'bag' ? 'Elige tu talla para agregarla a tu bolsa.' : undefined}
        />
      )}
      <ShareDialog id={shareId} url={url} text={`${p.nombre}${p.marca.trim() ? ` de ${p.marca.trim()}` : ''}`} />
    </div>
  );
}
