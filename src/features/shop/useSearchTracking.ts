/** Search analytics: record a term after 800 ms without typing, or at once on submit; never the same term twice in a row. */
import { useCallback, useEffect, useRef } from 'react';
import { trackSearch } from '../../data/analytics.ts';

export const SEARCH_TRACK_DELAY_MS = 800;

export function useSearchTracking(): { typed: (term: string) => void; submitted: (term: string) => void } {
  const last = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const record = useCallback((term: string) => {
    clearTimeout(timer.current);
    const t = term.trim();
    if (!t || t.toLowerCase() === last.current) return;
    last.current = t.toLowerCase();
    void trackSearch(t);
  }, []);

  const typed = useCallback(
    (term: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => record(term), SEARCH_TRACK_DELAY_MS);
    },
    [record],
  );

  useEffect(() => () => clearTimeout(timer.current), []);
  return { typed, submitted: record };
}
