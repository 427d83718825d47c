/** Heart toggle for one product, bound to the shared favourites store. */
import { Heart } from '../icons.tsx';
import type { ProductSummary } from '../../data/product-summary.ts';
import { contains } from '../../lib/favorites.ts';
import { $favorites, toggleFavorite, type Favorite } from '../../stores/favorites.ts';
import { useStoreValue } from '../../stores/use-store.ts';

const NONE: Favorite[] = [];

interface Props {
  /** Any product shape with the summary's fields; only those are saved. */
  product: ProductSummary;
  className?: string;
}

export default function FavoriteButton({ product, className = '' }: Props) {
  // The static HTML never knows the browser's list: it shows "not saved", and the browser's list follows.
  const saved = contains(useStoreValue($favorites, NONE), product.id);
  return (
    <button
      type="button"
      aria-label={saved ? 'Quitar de favoritos' : 'Agregar a favoritos'}
      aria-pressed={saved}
      onClick={() => toggleFavorite(product)}
      className={`z-10 inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-neutral-800 shadow-sm ring-1 ring-black/5 transition hover:scale-105 hover:text-rose-600 ${className}`}
    >
      <Heart aria-hidden="true" className={`size-5 ${saved ? 'fill-rose-600 text-rose-600' : ''}`} strokeWidth={2} />
    </button>
  );
}
