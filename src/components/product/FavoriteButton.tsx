/** Heart toggle for one product, bound to the shared favourites store. */
import { useStore } from '@nanostores/react';
import { Heart } from '../icons.tsx';
import { useEffect, useState } from 'react';
import type { ProductSummary } from '../../data/product-summary.ts';
import { contains } from '../../lib/favorites.ts';
import { $favorites, toggleFavorite } from '../../stores/favorites.ts';

interface Props {
  /** Any product shape with the summary's fields; only those are saved. */
  product: ProductSummary;
  className?: string;
}

export default function FavoriteButton({ product, className = '' }: Props) {
  const list = useStore($favorites);
  // The static HTML never knows the browser's list: show "not saved" until mounted, so hydration matches.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const saved = mounted && contains(list, product.id);
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
