/** A 4:5 product image with a responsive srcset, or a placeholder when there is none or it fails to load. */
import { ImageOff } from '../icons.tsx';
import { useState } from 'react';
import { PUBLIC_IMAGE_TRANSFORMS } from 'astro:env/client';
import { responsiveImage } from '../../lib/images.ts';

interface Props {
  url: string | null;
  alt: string;
  loading?: 'lazy' | 'eager';
  /** The `sizes` attribute: how wide the image is shown at each breakpoint. */
  sizes: string;
  className?: string;
}

export default function ProductImage({ url, alt, loading = 'lazy', sizes, className = '' }: Props) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div className={`flex size-full flex-col items-center justify-center gap-2 bg-neutral-100 text-neutral-500 ${className}`}>
        <ImageOff aria-hidden="true" className="size-8" />
        <span className="text-xs font-medium">Sin imagen</span>
      </div>
    );
  }
  const { src, srcSet } = responsiveImage(url, { aspect: 4 / 5, transforms: PUBLIC_IMAGE_TRANSFORMS });
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={480}
      height={600}
      loading={loading}
      decoding="async"
      fetchPriority={loading === 'eager' ? 'high' : 'auto'}
      onError={() => setFailed(true)}
      className={`size-full object-cover ${className}`}
    />
  );
}
