/** Filter state mirrored with the URL query both ways: read on mount and on popstate, written on change. */
import { useCallback, useEffect, useState } from 'react';
import { EMPTY_FILTERS, filtersFromQuery, shopHref, type FilterState } from '../../lib/filters.ts';

export type HistoryMode = 'push' | 'replace';

/** [filters, setFilters, ready]: `ready` turns true once the URL has been read (the static HTML has no URL). */
export function useUrlFilters(): [FilterState, (next: FilterState, mode?: HistoryMode) => void, boolean] {
  const [filters, setState] = useState<FilterState>(EMPTY_FILTERS);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const read = () => setState(filtersFromQuery(window.location.search));
    read();
    setReady(true);
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, []);

  const setFilters = useCallback((next: FilterState, mode: HistoryMode = 'push') => {
    setState(next);
    const href = shopHref(next, window.location.pathname);
    if (href !== window.location.pathname + window.location.search) {
      if (mode === 'push') window.history.pushState(null, '', href);
      else window.history.replaceState(null, '', href);
    }
  }, []);

  return [filters, setFilters, ready];
}
