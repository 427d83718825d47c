/** Featured products of active campaigns (destacado, campaign fecha_fin >= today), newest first, with the total. */
import { useQuery } from '@tanstack/react-query';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { supabase } from '../providers/supabase.ts';

export const FEATURED_LIMIT = 500;

export async function fetchFeaturedProducts() {
  const { data, error, count } = await supabase
    .from('products')
    .select('id, nombre, marca, precio_original, precio_venta, imagen_principal, permalink, campaigns!inner(nombre, fecha_fin)', {
      count: 'exact',
    })
    .eq('destacado', true)
    .gte('campaigns.fecha_fin', todayInMexicoCity())
    .order('created_at', { ascending: false })
    .limit(FEATURED_LIMIT);
  if (error) throw new Error(error.message);
  return { products: data ?? [], total: count ?? data?.length ?? 0 };
}

export type FeaturedProduct = Awaited<ReturnType<typeof fetchFeaturedProducts>>['products'][number];

export function useFeaturedProducts() {
  return useQuery({ queryKey: ['admin', 'featured-products'], queryFn: fetchFeaturedProducts });
}
