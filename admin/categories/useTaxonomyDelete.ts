/**
 * Deleting a category or subcategory (spec 5): a category with subcategories or products is refused
 * with the spec's message; otherwise it is deleted. The database refuses too (on delete restrict).
 */
import { useState } from 'react';
import { useDataProvider, useNotify, useRefresh, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../providers/dataProvider.ts';
import type { TaxonomyKind } from './CategoryDialog.tsx';

export function useTaxonomyDelete() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);

  const remove = async (kind: TaxonomyKind, record: RaRecord): Promise<void> => {
    setPending(true);
    try {
      if (kind === 'categories') {
        let dependents: { subcategories: number; products: number };
        try {
          dependents = await dataProvider.categoryDependents(String(record.id));
        } catch {
          notify('app.categories.stats_error', { type: 'error' });
          return;
        }
        if (dependents.subcategories > 0) {
          notify('app.categories.blocked_subcategories', { type: 'error', messageArgs: { count: dependents.subcategories } });
          return;
        }
        if (dependents.products > 0) {
          notify('app.categories.blocked_products', { type: 'error', messageArgs: { count: dependents.products } });
          return;
        }
      }
      try {
        await dataProvider.delete(kind, { id: record.id, previousData: record });
        notify(kind === 'categories' ? 'app.categories.category_deleted' : 'app.categories.subcategory_deleted', { type: 'success' });
        refresh();
      } catch {
        notify(kind === 'categories' ? 'app.categories.delete_category_error' : 'app.categories.delete_subcategory_error', {
          type: 'error',
        });
      }
    } finally {
      setPending(false);
    }
  };

  return { remove, pending };
}
