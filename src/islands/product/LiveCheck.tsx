/**
 * The built page's buy box, checked live on load: if the product is gone or its campaign has ended it is
 * replaced by 'Producto no encontrado o campaña expirada'; if the price changed, the live price shows; sizes
 * sold since the build are gone and a product sold out since then says 'Agotado'.
 * A failed check keeps the built data (the shopper can still ask by chat).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
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
  /** The product's size guide, when it has one. */
  sizeGuide?: SizeGuide | null;
}

type Check = { kind: 'built' } | { kind: 'gone' } | { kind: 'live'; product: BuyProduct; priceUpdated: boolean };

export default function LiveCheck({ product, url, sellerPhone, sizeGuide = null }: Props) {
  const [check, setCheck] = useState<Check>({ kind: 'built' });
  useEffect(() => {
    let active = true;
    // Loaded after hydration, so the buy box works before the Supabase client has downloaded.
    import('./live-product.ts')
      .then((live) => live.fetchLiveProduct(product.permalink))
      .then(
        (live) => {
          if (!active) return;
          if (!live) return setCheck({ kind: 'gone' });
          const priceUpdated = live.precio_venta !== product.precio_venta || live.precio_original !== product.precio_original;
          const { precio_original, precio_venta, sizes, agotado } = live;
          setCheck({ kind: 'live', product: { ...product, precio_original, precio_venta, sizes, agotado }, priceUpdated });
        },
        (error: unknown) => console.error('Comprobación en vivo del producto fallida', error),
      );
    return () => {
      active = false;
    };
  }, [product]);

  if (check.kind === 'gone') {
    return (
      <Suspense fallback={null}>
        <NotFoundProduct compact reason="Producto no encontrado o campaña expirada" />
      </Suspense>
    );
  }
  if (check.kind === 'live')
    return <BuyBox product={check.product} url={url} priceUpdated={check.priceUpdated} sellerPhone={sellerPhone} sizeGuide={sizeGuide} />;
  return <BuyBox product={product} url={url} sellerPhone={sellerPhone} sizeGuide={sizeGuide} />;
}
