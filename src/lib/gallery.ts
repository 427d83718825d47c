/** The product gallery's image order and wrapping navigation. */

export interface GalleryImage {
  url: string;
  /** -1 for the main image; product_images keep their own orden. */
  orden: number;
}

/** The main image first (orden -1), then the gallery images by orden; blanks and repeats of a URL dropped. */
export function galleryImages(main: string | null | undefined, images: readonly { image_url: string; orden: number }[]): GalleryImage[] {
  const all: GalleryImage[] = [
    ...(main?.trim() ? [{ url: main.trim(), orden: -1 }] : []),
    ...[...images].sort((a, b) => a.orden - b.orden).map((i) => ({ url: i.image_url.trim(), orden: i.orden })),
  ];
  const seen = new Set<string>();
  return all.filter((i) => i.url !== '' && !seen.has(i.url) && seen.add(i.url));
}

/** Index `step` places from `index` in a list of `count`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
