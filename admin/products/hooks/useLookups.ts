/** Campaign, brand, category and subcategory options for the selector and the product form. */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { fetchActiveCampaigns, fetchAllCampaigns, fetchBrands, fetchCampaign, fetchCategories, fetchSubcategories } from '../api.ts';

export function useActiveCampaigns() {
  const notify = useNotify();
  const q = useQuery({ queryKey: ['admin-products-lookup', 'active-campaigns'], queryFn: fetchActiveCampaigns, staleTime: 60_000 });
  useEffect(() => {
    if (q.error) notify('products.notify.load_data_error', { type: 'error' });
  }, [q.error, notify]);
  return q;
}

export function useCampaign(id: string | null) {
  return useQuery({ queryKey: ['admin-products-lookup', 'campaign', id], queryFn: () => fetchCampaign(id!), enabled: !!id, staleTime: 60_000 });
}

/** Everything the product form needs, loaded once when the dialog opens. */
export function useFormLookups(enabled: boolean) {
  const notify = useNotify();
  const q = useQuery({
    queryKey: ['admin-products-lookup', 'form'],
    queryFn: async () => {
      const [campaigns, brands, categories, subcategories] = await Promise.all([
        fetchAllCampaigns(),
        fetchBrands(),
        fetchCategories(),
        fetchSubcategories(),
      ]);
      return { campaigns, brands, categories, subcategories };
    },
    enabled,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (q.error) notify('products.notify.load_data_error', { type: 'error' });
  }, [q.error, notify]);
  return q;
}
