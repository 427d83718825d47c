/**
 * Analytics reads as react-admin lists ('analytics/<name>' in the data provider): cached per
 * arguments, no retries (a failure shows its message at once), refreshed when the admin comes back.
 */
import { type RaRecord, useGetList } from 'react-admin';
import { ANALYTICS_RESOURCE_PREFIX, type AnalyticsView, type Row } from '../providers/dataProvider.ts';
import type { ReportArgs, ReportName, ReportRow } from '../providers/rpc.ts';

const OPTIONS = { retry: false, staleTime: 30_000 } as const;

export function useReport<N extends ReportName>(name: N, args: ReportArgs<N>, enabled = true) {
  return useGetList<ReportRow<N> & RaRecord>(
    `${ANALYTICS_RESOURCE_PREFIX}${name}`,
    { filter: args, pagination: { page: 1, perPage: 1000 } },
    { ...OPTIONS, enabled },
  );
}

/** The top `limit` rows of an all-time summary view, largest count first. */
export function useSummaryView<V extends AnalyticsView>(view: V, limit: number, enabled = true) {
  return useGetList<Row<V> & RaRecord>(
    `${ANALYTICS_RESOURCE_PREFIX}${view}`,
    { pagination: { page: 1, perPage: limit } },
    { ...OPTIONS, enabled },
  );
}
