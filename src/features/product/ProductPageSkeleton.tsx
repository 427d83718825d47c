/** The product page's shape while a product loads live: gallery with 4 thumbnails, heading, price and buttons. */
import { GallerySkeleton } from './Gallery.tsx';

export default function ProductPageSkeleton() {
  const bar = 'rounded-full bg-neutral-200';
  return (
    <div role="status" aria-label="Cargando producto" className="mx-auto max-w-7xl px-4 pb-16 pt-6 sm:px-6">
      <div className={`h-4 w-48 ${bar}`} />
      <div className="mt-5 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <GallerySkeleton />
        <div className="flex animate-pulse flex-col gap-4">
          <div className={`h-6 w-40 ${bar}`} />
          <div className="h-9 w-4/5 rounded-xl bg-neutral-200" />
          <div className={`h-4 w-24 ${bar}`} />
          <div className="h-10 w-56 rounded-xl bg-neutral-200" />
          <div className="grid grid-cols-4 gap-2">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="h-11 rounded-xl bg-neutral-200" />
            ))}
          </div>
          <div className={`h-12 ${bar}`} />
        </div>
      </div>
    </div>
  );
}
