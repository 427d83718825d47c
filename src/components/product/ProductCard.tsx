/**
 * The shop's product card (shop grid, related products, home carousel, favourites): image, favourite toggle,
 * discount, 'Nuevo' and 'Última talla' (src/lib/card-badges.ts), category, campaign countdown, name, brand,
 * sizes, prices and 'Ver producto'. The whole card is one real link to /producto/{permalink} in a new tab, so
 * it works without JavaScript; `onOpen` records the click.
 */
import { Clock } from '../icons.tsx';
import { useId } from 'react';
import { useNow } from '../clock.tsx';
import { remainingBadge } from '../../lib/campaign.ts';
import { cardBadges, LAST_SIZE_BADGE, NEW_BADGE } from '../../lib/card-badges.ts';
import { discountBadge, hasDiscount } from '../../lib/discount.ts';
import { todayInMexicoCity } from '../../lib/dates.ts';
import { formatPrice } from '../../lib/money.ts';
import FavoriteButton from './FavoriteButton.tsx';
import ProductImage from './ProductImage.tsx';
import type { CardProduct, ProductSummary } from '../../data/product-summary.ts';

interface Props {
  /** A card, or a favourite (only the summary is saved, so its badges are missing). */
  product: ProductSummary & Partial<CardProduct>;
  /** Open the product page in a new tab (default true, as the spec asks). */
  openInNewTab?: boolean;
  onOpen?: (p: ProductSummary) => void;
  imageLoading?: 'lazy' | 'eager';
}

const MAX_SIZES = 3;
/** The shape of the badges at the foot of the image ('Nuevo', 'Última talla', the campaign countdown); the card's classes are in global.css. */
const PILL = 'product-card-pill';
/** Cards are 1/2 of the width on phones, 1/3 on large screens, 1/4 on extra large (max-w-7xl page). */
const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, 50vw';

export default function ProductCard({ product: p, openInNewTab = true, onOpen, imageLoading = 'lazy' }: Props) {
  const nameId = useId();
  const badge = discountBadge(p.precio_original, p.precio_venta);
  // the build's time while the island hydrates (matching the built HTML), the shopper's after (clock.tsx)
  const now = useNow();
  const countdown = p.campaign ? remainingBadge(p.campaign.fecha_fin, todayInMexicoCity(now)) : null;
  const sizes = p.sizes ?? [];
  const { isNew, lastSize } = cardBadges(p, now);
  const open = () => onOpen?.(p);
  return (
    <article className="group product-card">
      <div className="product-card-media">
        <ProductImage
          url={p.imagen_principal}
          alt={p.nombre}
          loading={imageLoading}
          sizes={CARD_SIZES}
          className="transition duration-500 group-hover:scale-105"
        />
        <div className="absolute left-2 right-14 top-2 flex flex-col items-start gap-1">
          {badge && <span className="product-card-discount bg-lime-400">{badge}</span>}
          {p.category_nombre && <span className="product-card-category">{p.category_nombre}</span>}
        </div>
        <FavoriteButton className="absolute right-2 top-2" product={p} />
        {/* What is happening to the product, at the foot of the image: new, last size, campaign ending; a line wraps when narrow. */}
        <div className="absolute inset-x-2 bottom-2 flex flex-wrap items-end gap-1">
          {/*
            'Nuevo' depends on the clock, so the browser may drop it from the built HTML when it hydrates. Its own
            always-present slot (no box of its own: `contents`) keeps hydration from reusing the element of the
            badge after it, whose classes hydration would not update. The countdown, also the clock's, comes last.
          */}
          <span className="contents">{isNew && <span className={`bg-sky-700 font-extrabold ${PILL}`}>{NEW_BADGE}</span>}</span>
          {lastSize && <span className={`bg-rose-700 font-extrabold ${PILL}`}>{LAST_SIZE_BADGE}</span>}
          {countdown && (
            <span className={`inline-flex max-w-full items-center gap-1 bg-neutral-950/85 font-semibold ${PILL}`}>
              <Clock aria-hidden="true" className="size-3.5" />
              {countdown}
            </span>
          )}
        </div>
      </div>
      <div className="product-card-body">
        <div>
          <h3 id={nameId} className="product-card-name">
            {p.nombre}
          </h3>
          <p className="product-card-brand">{p.marca}</p>
        </div>
        {sizes.length > 0 && (
          <ul aria-label="Tallas" className="flex flex-wrap gap-1">
            {sizes.slice(0, MAX_SIZES).map((s) => (
              <li key={s} className="product-card-size">
                {s}
              </li>
            ))}
            {sizes.length > MAX_SIZES && (
              <li className="rounded-md bg-neutral-100 px-1.5 py-0.5 text-xs font-medium text-neutral-700">+{sizes.length - MAX_SIZES}</li>
            )}
          </ul>
        )}
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2">
          <span className="sr-only">Precio:</span>
          <span className="text-lg font-extrabold text-neutral-950">{formatPrice(p.precio_venta)}</span>
          {hasDiscount(p.precio_original, p.precio_venta) && (
            <>
              <span className="sr-only">Precio original:</span>
              <s className="text-sm text-neutral-500">{formatPrice(p.precio_original)}</s>
            </>
          )}
        </p>
        <a
          href={`/producto/${encodeURIComponent(p.permalink)}`}
          target={openInNewTab ? '_blank' : undefined}
          rel={openInNewTab ? 'noopener' : undefined}
          aria-describedby={nameId}
          onClick={open}
          onAuxClick={(e) => e.button === 1 && open()}
          className="product-card-link"
        >
          Ver producto
        </a>
      </div>
    </article>
  );
}

/** Placeholder with the card's shape while products load. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white">
      <div className="aspect-[4/5] bg-neutral-200" />
      <div className="flex flex-col gap-2 p-3 sm:p-4">
        <div className="h-4 w-4/5 rounded bg-neutral-200" />
        <div className="h-3 w-1/3 rounded bg-neutral-200" />
        <div className="h-5 w-1/2 rounded bg-neutral-200" />
        <div className="mt-1 h-9 rounded-full bg-neutral-200" />
      </div>
    </div>
  );
}
