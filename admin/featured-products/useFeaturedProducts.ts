/** Featured products of active campaigns, newest first, with the total: getList('featured_products'). */
import { useGetList } from 'react-admin';
import type { FeaturedProduct } from '../providers/dataProvider.ts';

export type { FeaturedProduct } from '../providers/dataProvider.ts';

export const FEATURED_LIMIT = 500;

export function useFeaturedProducts() {
  const { data, total, isPending, isError } = useGetList<FeaturedProduct>('featured_products', {
    pagination: { page: 1, perPage: FEATURED_LIMIT },
  });
  return { data: data ? { products: data, total: total ?? data.length } : undefined, isPending, isError };
}
