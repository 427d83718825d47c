/**
 * The built page's buy box, checked live on load: if the product is gone or its campaign has ended it is
 * replaced by 'Producto no encontrado o campaña expirada'; if the price changed, the live price shows; each
 * size shows its pieces as they are now (piezas: sizes sold since the build say 'Agotada', sizes held by
 * an unpaid order 'Apartada', a last piece 'Última pieza'), and a product with no piece for sale says
 * 'Apartado' or 'Agotado'. Holds never rebuild the page, so this check is what shows them. The buy box asks
 * for the check again when an order is refused because the product changed meanwhile.
 * A failed check keeps the built data (the shopper can still ask by chat).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { BuyProduct } from '../../data/product.ts';
import type { SizeGuide } from '../../lib/size-guide.ts';
import BuyBox from './BuyBox.tsx';

/** Loaded only when the check finds the product gone (rare): it stays out of every product page's first load. */
const NotFoundProduct = lazy(() => import('./NotFoundProduct.tsx'));

interface Props {
  product: BuyProduct;
  url: string;
  /** The seller's chat number (shop settings). */
  sellerPhone: string;
  /** The product's size guide, when it has one: the built page passes its id (SizeGuide loads it when reached for). */
  sizeGuide?: SizeGuide | string | null;
}

type Check = { kind: 'built' } | { kind: 'gone' } | { kind: 'live'; product: BuyProduct; priceUpdated: boolean };

export default function LiveCheck({ product, url, sellerPhone, sizeGuide = null }: Props) {
  const [check, setCheck] = useState<Check>({ kind: 'built' });
  // the number of the latest check: an older one answering late (or after unmounting) is ignored
  const latest = useRef(0);
  const recheck = useCallback(() => {
    const call = ++latest.current;
    // Loaded after hydration, so the buy box works before the Supabase client has downloaded.
    import('./live-product.ts')
      .then((live) => live.fetchLiveProduct(product.permalink))
      .then(
        (live) => {
          if (call !== latest.current) return;
          if (!live) return setCheck({ kind: 'gone' });
          const priceUpdated = live.precio_venta !== product.precio_venta || live.precio_original !== product.precio_original;
          const { precio_original, precio_venta, piezas } = live;
          setCheck({ kind: 'live', product: { ...product, precio_original, precio_venta, piezas }, priceUpdated });
        },
        (error: unknown) => console.error('Comprobación en vivo del producto fallida', error),
      );
  }, [product]);
  useEffect(() => {
    recheck();
    return () => {
      latest.current++;
    };
  }, [recheck]);

  if (check.kind === 'gone') {
    return (
      <Suspense fallback={null}>
        <NotFoundProduct compact reason="Producto no encontrado o campaña expirada" />
      </Suspense>
    );
  }
  if (check.kind === 'live')
    return (
      <BuyBox
        product={check.product}
        url={url}
        priceUpdated={check.priceUpdated}
        sellerPhone={sellerPhone}
        sizeGuide={sizeGuide}
        onStale={recheck}
      />
    );
  return <BuyBox product={product} url={url} sellerPhone={sellerPhone} sizeGuide={sizeGuide} onStale={recheck} />;
}
