/** Campaign, brand, category and subcategory options for the selector and the product form. */
import { useEffect, useMemo } from 'react';
import { useGetList, useGetOne, useNotify } from 'react-admin';
import type { CampaignOption, NamedOption } from '../../providers/productTypes.ts';

const ALL = { page: 1, perPage: 1000 };
const byName = { field: 'nombre', order: 'ASC' } as const;
const lookupOptions = { staleTime: 60_000 };

/** Live campaigns (the database's rule, campaigns_with_products.is_live) with their product count, by name: the list's campaign selector. */
export function useActiveCampaigns() {
  const notify = useNotify();
  const q = useGetList<CampaignOption>('campaigns', { pagination: ALL, sort: byName, filter: { is_live: true } }, lookupOptions);
  useEffect(() => {
    if (q.error) notify('app.products.notify.load_data_error', { type: 'error' });
  }, [q.error, notify]);
  return q;
}

export function useCampaign(id: string | null) {
  return useGetOne<CampaignOption>('campaigns', { id: id ?? '' }, { enabled: !!id, ...lookupOptions });
}

export interface FormLookups {
  campaigns: CampaignOption[];
  brands: NamedOption[];
  categories: NamedOption[];
  subcategories: NamedOption[];
}

/** Everything the product form needs: every campaign, active brands, categories and subcategories, by name. */
export function useFormLookups(): { data: FormLookups | undefined; isPending: boolean } {
  const notify = useNotify();
  const campaigns = useGetList<CampaignOption>('campaigns', { pagination: ALL, sort: byName }, lookupOptions);
  const brands = useGetList<{ id: string; display_name: string }>(
    'brands',
    { pagination: ALL, sort: { field: 'display_name', order: 'ASC' }, filter: { active: true } },
    lookupOptions,
  );
  const categories = useGetList<NamedOption>('categories', { pagination: ALL, sort: byName }, lookupOptions);
  const subcategories = useGetList<NamedOption>('subcategories', { pagination: ALL, sort: byName }, lookupOptions);
  const queries = [campaigns, brands, categories, subcategories];
  const failed = queries.some((q) => q.error);
  useEffect(() => {
    if (failed) notify('app.products.notify.load_data_error', { type: 'error' });
  }, [failed, notify]);
  const data = useMemo(
    () =>
      campaigns.data && brands.data && categories.data && subcategories.data
        ? {
            campaigns: campaigns.data,
            brands: brands.data.map((b) => ({ id: b.id, nombre: b.display_name })),
            categories: categories.data,
            subcategories: subcategories.data,
          }
        : undefined,
    [campaigns.data, brands.data, categories.data, subcategories.data],
  );
  return { isPending: queries.some((q) => q.isPending), data };
}
