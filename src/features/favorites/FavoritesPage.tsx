/**
 * /favoritos: the saved products (browser only), newest first, with 'Limpiar todos', the switch
 * 'Avísame un día antes de que terminen' (src/features/alerts) and the empty state.
 */
import { Heart } from '../../components/icons.tsx';
import { useCallback, useEffect, useState } from 'react';
import ProductCard, { ProductCardSkeleton } from '../../components/product/ProductCard.tsx';
import EndingSwitch from '../alerts/EndingSwitch.tsx';
import type { ProductSummary } from '../../data/product-summary.ts';
import { trackProductClick } from '../../data/analytics.ts';
import { savedCountLabel } from '../../lib/favorites.ts';
import { $favorites, clearFavorites, type Favorite } from '../../stores/favorites.ts';
import { useStoreValue } from '../../stores/use-store.ts';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';
/** One row of placeholder cards at the widest layout. */
const SKELETONS = [0, 1, 2, 3, 4];
const NONE: Favorite[] = [];

export default function FavoritesPage() {
  const list = useStoreValue($favorites, NONE);
  // The static HTML cannot know the browser's list: show skeletons until mounted.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const onOpen = useCallback((p: ProductSummary) => void trackProductClick(p), []);
  const newestFirst = [...list].reverse();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-neutral-950 sm:text-4xl">Mis Favoritos</h1>
          {mounted && (
            <p className="mt-1 text-sm text-neutral-600" aria-live="polite">
              {savedCountLabel(list.length)}
            </p>
          )}
        </div>
        {mounted && list.length > 0 && (
          <button
            type="button"
            onClick={clearFavorites}
            className="h-10 rounded-full px-4 text-sm font-semibold text-neutral-900 ring-1 ring-neutral-300 transition hover:bg-neutral-100"
          >
            Limpiar todos
          </button>
        )}
      </div>
      {!mounted ? (
        <div className={GRID} aria-busy="true">
          <p className="sr-only">Cargando favoritos</p>
          {SKELETONS.map((k) => (
            <ProductCardSkeleton key={k} />
          ))}
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-neutral-300 px-6 py-16 text-center">
          <Heart aria-hidden="true" className="size-10 text-neutral-400" />
          <p className="text-lg font-bold text-neutral-950">No tienes favoritos</p>
          <p className="text-sm text-neutral-600">Guarda los productos que te gusten tocando el corazón.</p>
          <a
            href="/tienda"
            className="mt-2 inline-flex items-center rounded-full bg-neutral-950 px-6 py-3 text-sm font-semibold text-white hover:bg-neutral-800"
          >
            Ir a la tienda
          </a>
        </div>
      ) : (
        <>
          <EndingSwitch productIds={list.map((f) => f.id)} />
          <h2 className="sr-only">Productos guardados</h2>
          <ul className={GRID} aria-label="Favoritos">
            {newestFirst.map((f, i) => (
              <li key={f.id}>
                <ProductCard product={f} onOpen={onOpen} imageLoading={i < 5 ? 'eager' : 'lazy'} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
