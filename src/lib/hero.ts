/** The home hero's slides: the admin's hero images interleaved with the newest featured products. */
import { linkTarget, type LinkTarget } from './links.ts';

export interface HeroImageInput {
  id: string;
  title: string;
  subtitle: string | null;
  button_text: string;
  button_link: string;
  image_url: string;
}

/** A featured product shown as a slide (the storefront passes its product summary). */
export interface HeroProduct {
  id: string;
  imagen_principal: string | null;
}

export type HeroSlide<P extends HeroProduct = HeroProduct> =
  | { kind: 'banner'; id: string; title: string; subtitle: string | null; buttonText: string; link: LinkTarget; image: string }
  | ({ kind: 'product' } & P);

/** Featured products shown in the hero (the featured carousel below shows them all). */
export const HERO_PRODUCTS = 4;

/**
 * Slides in turn: hero image, featured product, hero image... (then whatever is left of either list).
 * Hero images keep their order (orden); products keep theirs (newest first) and only those with an image count.
 */
export function heroSlides<P extends HeroProduct>(
  images: readonly HeroImageInput[],
  products: readonly P[],
  maxProducts = HERO_PRODUCTS,
): HeroSlide<P>[] {
  const banners: HeroSlide<P>[] = images.map((h) => ({
    kind: 'banner',
    id: h.id,
    title: h.title,
    subtitle: h.subtitle?.trim() || null,
    buttonText: h.button_text.trim() || 'Tienda',
    link: linkTarget(h.button_link) ?? { href: '/tienda', external: false },
    image: h.image_url,
  }));
  const items: HeroSlide<P>[] = products
    .filter((p) => p.imagen_principal)
    .slice(0, maxProducts)
    .map((p) => ({ kind: 'product', ...p }));
  const slides: HeroSlide<P>[] = [];
  for (let i = 0; i < Math.max(banners.length, items.length); i++) {
    const b = banners[i];
    const p = items[i];
    if (b) slides.push(b);
    if (p) slides.push(p);
  }
  return slides;
}
