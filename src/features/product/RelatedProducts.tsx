/**
 * 'Productos relacionados': up to 4 product cards (the shared ProductCard); opening one records a product
 * click. Nothing when there are none.
 */
import ProductCard, { ProductCardSkeleton } from '../../components/product/ProductCard.tsx';
import { trackProductClick } from '../../data/analytics.ts';
import { BuildClock } from '../../components/clock.tsx';
import type { CardProduct, ProductSummary } from '../../data/product-summary.ts';

const onOpen = (p: ProductSummary) => void trackProductClick(p);

/** `null` while they load (4 skeleton cards); `builtOn`: the day the page was built, which the cards hydrate with (clock.tsx). */
export default function RelatedProducts({ products, builtOn }: { products: CardProduct[] | null; builtOn?: string }) {
  if (products && products.length === 0) return null;
  return (
    <BuildClock builtOn={builtOn}>
      <section aria-labelledby="relacionados" className="mt-16">
        <h2 id="relacionados" className="font-display text-2xl font-black tracking-tight text-neutral-950">
          Productos relacionados
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {products
            ? products.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} onOpen={onOpen} />
                </li>
              ))
            : [0, 1, 2, 3].map((i) => (
                <li key={i}>
                  <ProductCardSkeleton />
                </li>
              ))}
        </ul>
      </section>
    </BuildClock>
  );
}
