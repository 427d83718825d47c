/** @jsxImportSource preact */
/**
 * Price, size grid, buy / share / favourite, and the phone's sticky bottom bar. Buying opens the chat link
 * (brand, name, size, product link) in a new window; with sizes but none chosen, 'Selecciona tu talla' opens first.
 * The buy buttons are real links to the chat in the built HTML, so buying works before this island has
 * loaded (or if its script fails): without a size chosen the message simply names none. So is sharing:
 * the share button opens the share dialog natively (a popover) and its network options are share links.
 */
import { Share2, ShoppingBag } from '../../components/icons.tsx';
import { useId, useState } from 'preact/compat';
import FavoriteButton from '../../components/product/FavoriteButton.tsx';
import { shopChat } from '../../config/shop.ts';
import { productChatLink } from '../../lib/chat.ts';
import { discountBadge, hasDiscount } from '../../lib/discount.ts';
import type { BuyProduct } from '../../data/product.ts';
import { formatPrice } from '../../lib/money.ts';
import ShareDialog from './ShareDialog.tsx';
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
}

export default function BuyBox({ product: p, url, priceUpdated = false, sellerPhone }: Props) {
  const [size, setSize] = useState<string | null>(null);
  const [sizeDialog, setSizeDialog] = useState(false);
  const shareId = useId();
  const badge = discountBadge(p.precio_original, p.precio_venta);
  const hasSizes = p.sizes.length > 0;

  const chatLink = (talla: string | null) => productChatLink(shopChat(sellerPhone), { nombre: p.nombre, marca: p.marca, talla, url });
  const openChat = (talla: string | null) => {
    window.open(chatLink(talla), '_blank', 'noopener,noreferrer');
  };
  /** The link opens the chat by itself; with sizes and none chosen, the size dialog comes first. */
  const buy = (event: MouseEvent) => {
    if (hasSizes && !size) {
      event.preventDefault();
      setSizeDialog(true);
    }
  };
  const choose = (s: string) => {
    setSize(s);
    setSizeDialog(false);
    openChat(s);
  };

  return (
    <div className="flex flex-col gap-5">
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
          {badge && <span className="rounded-full bg-lime-400 px-3 py-1 text-sm font-extrabold text-neutral-950">{badge}</span>}
        </p>
        <p className="mt-1 text-xs text-neutral-600">
          Precio en MXN con IVA incluido.{priceUpdated && <strong className="ml-1 text-neutral-900">Precio actualizado.</strong>}
        </p>
      </div>

      {hasSizes && (
        <div>
          <p className="mb-2 text-sm font-bold text-neutral-950">
            Talla{size && <span className="font-normal text-neutral-700">: {size}</span>}
          </p>
          <SizePicker sizes={p.sizes} selected={size} onSelect={setSize} label="Talla" />
        </div>
      )}

      <div className="flex items-center gap-2">
        <a
          href={chatLink(size)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={buy}
          className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-full bg-lime-400 px-6 text-base font-bold text-neutral-950 transition hover:bg-lime-300"
        >
          <ShoppingBag aria-hidden="true" className="size-5" />
          Comprar ahora
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
      <p className="text-xs text-neutral-600">Compras por mensaje: confirmamos disponibilidad de tu talla antes de que pagues.</p>

      {/* Phones: the help widget and toasts rise above this bar (HelpWidget reads --bottom-bar-height). */}
      <style>{'@media (max-width: 767px) { :root:has(.product-buy-bar) { --bottom-bar-height: 4.5rem; } }'}</style>
      <section
        aria-label="Barra de compra"
        className="product-buy-bar fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_16px_rgba(0,0,0,0.06)] backdrop-blur md:hidden"
      >
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2">
              <span className="text-lg font-black text-neutral-950">{formatPrice(p.precio_venta)}</span>
              {badge && <span className="rounded-full bg-lime-400 px-2 py-0.5 text-xs font-extrabold text-neutral-950">{badge}</span>}
            </p>
            {hasSizes && <p className="truncate text-xs text-neutral-600">{size ? `Talla: ${size}` : 'Elige tu talla'}</p>}
          </div>
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

      {hasSizes && <SizeDialog open={sizeDialog} onOpenChange={setSizeDialog} sizes={p.sizes} onChoose={choose} />}
      <ShareDialog id={shareId} url={url} text={`${p.nombre}${p.marca.trim() ? ` de ${p.marca.trim()}` : ''}`} />
    </div>
  );
}
