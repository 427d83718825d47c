/** The shop grid (2/3/4 columns): 8 skeletons while loading, the empty state, and the infinite-scroll sentinel. */
import { LoaderCircle, RotateCw, SearchX } from '../../components/icons.tsx';
import { useEffect, useRef } from 'react';
import ProductCard, { ProductCardSkeleton } from '../../components/product/ProductCard.tsx';
import type { CardProduct, ProductSummary } from '../../data/product-summary.ts';

const SKELETONS = [0, 1, 2, 3, 4, 5, 6, 7];
/** Cards in the first row load their image at once (above the fold). */
const EAGER_IMAGES = 4;
const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4';

interface Props {
  products: CardProduct[];
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  /** The next page failed: say so with a retry instead of asking again by itself. */
  moreFailed: boolean;
  /** The request failed: nothing is known about the products, so the retry state shows instead of the empty one. */
  failed: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onRetryMore: () => void;
  onOpen: (p: ProductSummary) => void;
}

export default function ProductGrid(props: Props) {
  const { products, loading, loadingMore, hasMore, moreFailed, failed, onLoadMore, onRetry, onRetryMore, onOpen } = props;
  const sentinel = useRef<HTMLDivElement>(null);

  // Not observed while a page loads and observed again once it is on screen, so a sentinel still in view
  // asks for the next page at once.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || loading || loadingMore) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), {
      rootMargin: '100px',
      threshold: 0.1,
    });
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, loading, loadingMore, onLoadMore]);

  if (loading) {
    return (
      <div className={GRID} aria-busy="true">
        <p className="sr-only">Cargando productos</p>
        {SKELETONS.map((k) => (
          <ProductCardSkeleton key={k} />
        ))}
      </div>
    );
  }
  if (products.length === 0) {
    // The shop cannot be reached (no connection, the server restarting): say so and offer to ask
    // again, never an empty page or "no products".
    if (failed) return <RetryState onRetry={onRetry} />;
    return (
      <div className="flex flex-col items-center gap-2 rounded-3xl border border-dashed border-neutral-300 px-6 py-16 text-center">
        <SearchX aria-hidden="true" className="size-10 text-neutral-400" />
        <p className="text-lg font-bold text-neutral-950">No se encontraron productos</p>
        <p className="text-sm text-neutral-600">Intenta ajustar los filtros</p>
      </div>
    );
  }
  return (
    <>
      <h2 className="sr-only">Productos</h2>
      <ul className={GRID} aria-label="Productos">
        {products.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} onOpen={onOpen} imageLoading={i < EAGER_IMAGES ? 'eager' : 'lazy'} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <div className="py-8 text-center text-sm text-neutral-600" aria-live="polite">
        {loadingMore && (
          <p className="inline-flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Cargando más productos...
          </p>
        )}
        {moreFailed && !loadingMore && (
          <div role="alert" className="flex flex-col items-center gap-3">
            <p>No se pudieron cargar más productos</p>
            <RetryButton onRetry={onRetryMore} />
          </div>
        )}
        {!hasMore && !moreFailed && !loadingMore && <p>No hay más productos para mostrar</p>}
      </div>
    </>
  );
}

/** What the grid shows when the products could not load: the reason in plain words and a retry button. */
export function RetryState({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-3xl border border-red-200 bg-red-50 px-6 py-16 text-center">
      <p className="text-lg font-bold text-neutral-950">No se pudieron cargar los productos</p>
      <p className="text-sm text-neutral-700">Revisa tu conexión e inténtalo de nuevo.</p>
      <RetryButton onRetry={onRetry} />
    </div>
  );
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className="inline-flex items-center gap-2 rounded-full bg-neutral-950 px-5 py-2.5 text-sm font-semibold text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <RotateCw aria-hidden="true" className="size-4" />
      Reintentar
    </button>
  );
}
