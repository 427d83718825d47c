/**
 * The not-found page's island. On /producto/{permalink} (a product created after the last build) it fetches
 * the product live and shows the product view; otherwise 'Producto no encontrado' with the reason. Any other
 * path keeps the static 'Página no encontrada' content passed as children.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { CardProduct } from '../../data/product-summary.ts';
import type { ProductDetail } from '../../data/product.ts';
import { SHOP } from '../../config/shop.ts';
import { productUrl } from '../../lib/chat.ts';
import type { ShopPolicies } from '../../lib/policies.ts';
import { productRouteOf } from './product-route.ts';
import { productTitle } from './product-meta.ts';
import type { SizeGuide } from '../../lib/size-guide.ts';
import NotFoundProduct, { ProductLoadFailed } from './NotFoundProduct.tsx';
import ProductPageSkeleton from './ProductPageSkeleton.tsx';

const ProductView = lazy(() => import('./ProductView.tsx'));

type State =
  | { kind: 'page' }
  | { kind: 'loading' }
  | { kind: 'not-found'; reason: string }
  /** The request failed (no connection, the server restarting): nothing is known about the product yet. */
  | { kind: 'failed' }
  | { kind: 'found'; product: ProductDetail; descriptionHtml: string; related: CardProduct[] | null; sizeGuide?: SizeGuide | null };

interface Props {
  children?: ReactNode;
  /** The seller's chat number and Instagram profile (shop settings), for a product shown live. */
  sellerPhone: string;
  instagram: string | null;
  /** The shop's policies, for the product's shipping and returns section. */
  policies: ShopPolicies;
}

export default function NotFoundRoute({ children, sellerPhone, instagram, policies }: Props) {
  const [state, setState] = useState<State>({ kind: 'page' });
  // Bumped by "Reintentar": the product is asked for again.
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is only the retry's trigger: a new attempt loads the product again
  useEffect(() => {
    const route = productRouteOf(window.location.pathname);
    if (!route) return;
    if (route.kind === 'invalid') return setState({ kind: 'not-found', reason: 'Permalink no válido' });
    setState({ kind: 'loading' });
    let active = true;
    (async () => {
      const [live, { sanitizeDescription }] = await Promise.all([import('./live-product.ts'), import('../../lib/description.ts')]);
      let product: ProductDetail | null;
      try {
        product = await live.fetchLiveProduct(route.permalink);
      } catch (error) {
        console.error(error);
        if (active) setState({ kind: 'failed' });
        return;
      }
      if (!active) return;
      if (!product) return setState({ kind: 'not-found', reason: 'Producto no encontrado o campaña expirada' });
      document.title = `${productTitle(product)} | ${SHOP.name}`;
      setState({ kind: 'found', product, descriptionHtml: sanitizeDescription(product.descripcion), related: null });
      // its size guide, as the built page shows it (optional: a failure is only logged)
      if (product.size_guide_id)
        live.fetchSizeGuide(product.size_guide_id).then(
          (sizeGuide) => active && setState((s) => (s.kind === 'found' ? { ...s, sizeGuide } : s)),
          (error: unknown) => console.error(error),
        );
      const related = await live.fetchRelated(product).catch((error: unknown) => {
        console.error(error); // related products are optional: logged only
        return [];
      });
      if (active) setState((s) => (s.kind === 'found' ? { ...s, related } : s));
    })();
    return () => {
      active = false;
    };
  }, [attempt]);

  switch (state.kind) {
    case 'page':
      return <>{children}</>;
    case 'loading':
      return <ProductPageSkeleton />;
    case 'not-found':
      return <NotFoundProduct reason={state.reason} />;
    case 'failed':
      return <ProductLoadFailed onRetry={() => setAttempt((n) => n + 1)} />;
    case 'found':
      return (
        <Suspense fallback={<ProductPageSkeleton />}>
          <ProductView
            product={state.product}
            descriptionHtml={state.descriptionHtml}
            url={productUrl(import.meta.env.SITE ?? window.location.origin, state.product.permalink)}
            related={state.related}
            sellerPhone={sellerPhone}
            instagram={instagram}
            policies={policies}
            sizeGuide={state.sizeGuide ?? null}
          />
        </Suspense>
      );
  }
}
