/**
 * The home carousel's featured products: in the order the admin arranges them in the back office's
 * 'Destacados' (the data layer reads them so), at most six slides of four. The home must not grow
 * with the catalogue; the back office says so beside the list.
 */
export const HOME_FEATURED_MAX = 24;

export function homeFeatured<T>(featured: readonly T[]): T[] {
  return featured.slice(0, HOME_FEATURED_MAX);
}
