/**
 * The back office's JSON-returning database functions, each with the shape it returns. PostgREST
 * hands JSON results back untyped; this is the one place they are given a type, and `callRpc` is
 * the one way the admin calls them.
 */
import type { Database } from '@/data/database.types.ts';
import type { AdminProduct, AdminProductsPage } from './productTypes.ts';
import { ConflictError } from '../common/errors.ts';
import { supabase } from './supabase.ts';

/** A product as the export writes it (public.export_products). */
export type ExportedProduct = Database['public']['Functions']['export_products']['Returns'][number];

export interface MergeResult {
  products_moved: number;
  subcategories_moved?: number;
  target_total: number;
}

export interface RpcResults {
  admin_products: AdminProductsPage;
  admin_product: AdminProduct | null;
  save_product: AdminProduct;
  delete_product: { image_urls: string[] | null };
  unique_permalink: string;
  merge_brands: MergeResult;
  merge_categories: MergeResult;
  merge_subcategories: MergeResult;
  reorder_featured_products: number;
  unlinked_brand_values: UnlinkedBrandValue[];
  link_brand_value: MergeResult;
  team_two_factor_required: boolean;
  bulk_update_products: { changed: number; image_urls: string[] };
  export_products: ExportedProduct[];
  set_team_two_factor_required: boolean;
  extend_order_hold: string;
}

/** A free-text brand of products with no catalogue brand, and the brands whose names are closest. */
export interface UnlinkedBrandValue {
  value_key: string;
  marca: string;
  spellings: string[];
  products: number;
  matches: { id: string; display_name: string; similarity: number }[];
}

type Functions = Database['public']['Functions'];
export type RpcName = keyof RpcResults & keyof Functions;

/** Arguments as the SQL function takes them; `null` is allowed where the SQL accepts it but the generated types cannot say so. */
export type RpcArgs<N extends RpcName> = { [K in keyof Functions[N]['Args']]: Functions[N]['Args'][K] | null };

type UntypedRpc = (name: string, args: object) => PromiseLike<{ data: unknown; error: { message?: string; code?: string } | null }>;

/**
 * Calls a database function; a failure throws an Error carrying the server's message, a
 * ConflictError when the function refused to overwrite someone else's save (PT409).
 */
export async function callRpc<N extends RpcName>(name: N, args: RpcArgs<N>): Promise<RpcResults[N]> {
  const { data, error } = await (supabase.rpc.bind(supabase) as unknown as UntypedRpc)(name, args);
  if (error?.code === 'PT409') throw new ConflictError(error.message);
  if (error) throw new Error(error.message || 'Error desconocido');
  return data as RpcResults[N];
}

// ─── Analytics reads ────────────────────────────────────────────────────────────────────────

/** The analytics functions and the reports of 'Avisos' (staff only), each returning rows. */
type ReportFunctions = Pick<
  Functions,
  | 'get_analytics_summary'
  | 'get_analytics_by_period'
  | 'get_daily_activity_report'
  | 'get_daily_activity_report_by_date'
  | 'get_hourly_performance_report'
  | 'get_hourly_performance_report_by_date'
  | 'get_weekly_trends_report'
  | 'get_weekly_trends_report_by_date'
  | 'get_user_behavior_report'
  | 'get_conversion_funnel_report'
  | 'get_device_browser_report'
  | 'get_product_performance_report'
  | 'get_filter_effectiveness_report'
  | 'get_search_trends_report'
  | 'get_detailed_search_analytics'
  | 'get_detailed_filter_analytics'
  | 'get_detailed_product_click_analytics'
  | 'get_detailed_all_activities'
  | 'get_detailed_activities_by_date'
  | 'get_session_activities_detailed'
  | 'get_user_journey_detailed'
  | 'get_alert_waiting_summary'
  | 'get_alert_campaigns_report'
  | 'get_alert_size_waits_report'
  | 'get_alert_deliveries_report'
  | 'get_discount_code_uses_report'
>;

export type ReportName = keyof ReportFunctions;
/** A report's arguments; a report that takes none is called with {}. */
export type ReportArgs<N extends ReportName> = [ReportFunctions[N]['Args']] extends [never]
  ? Record<string, never>
  : ReportFunctions[N]['Args'];
export type ReportRow<N extends ReportName> = ReportFunctions[N]['Returns'] extends readonly (infer R)[] ? R : never;

/** Calls an analytics function (admin only); a failure throws an Error carrying the server's message. */
export async function callReport<N extends ReportName>(name: N, args: ReportArgs<N>): Promise<ReportRow<N>[]> {
  const { data, error } = await (supabase.rpc.bind(supabase) as unknown as UntypedRpc)(name, args);
  if (error) throw new Error(error.message || 'Error desconocido');
  return (data ?? []) as ReportRow<N>[];
}
