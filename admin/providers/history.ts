/**
 * The history's reads (owners only, as the database decides): entries by transaction with the
 * Historial screen's filters, the row changes of one entry, and the changes of one record.
 */
import type { Database } from '@/data/database.types.ts';
import { addIsoDays } from '@/lib/dates.ts';
import { supabase } from './supabase.ts';

export type HistoryEntry = Database['public']['Views']['audit_entries']['Row'];
export type HistoryChange = Database['public']['Tables']['audit_changes']['Row'];

export interface HistoryFilter {
  /** An email, or '' for everyone. */
  actor: string;
  /** A subject type (product, campaign…), or '' for all. */
  subject: string;
  /** yyyy-MM-dd, Mexico City days, both inclusive; '' leaves that side open. */
  from: string;
  to: string;
}

export const HISTORY_PAGE = 50;

/** Mexico City midnight of a yyyy-MM-dd day (the shop's calendar; UTC−6 all year since 2022), as an instant. */
const mexicoMidnight = (day: string) => `${day}T00:00:00-06:00`;

/** A page of entries, newest first; `more` says whether older ones follow. */
export async function historyEntries(filter: HistoryFilter, offset: number): Promise<{ entries: HistoryEntry[]; more: boolean }> {
  let query = supabase.from('audit_entries').select('*').order('id', { ascending: false });
  if (filter.actor) query = query.eq('actor_email', filter.actor);
  if (filter.subject) query = query.contains('subject_types', [filter.subject]);
  if (filter.from) query = query.gte('at', mexicoMidnight(filter.from));
  if (filter.to) query = query.lt('at', mexicoMidnight(addIsoDays(filter.to, 1)));
  const { data, error } = await query.range(offset, offset + HISTORY_PAGE);
  if (error) throw new Error(error.message);
  return { entries: data.slice(0, HISTORY_PAGE), more: data.length > HISTORY_PAGE };
}

/** The row changes of one entry (a transaction), in the order they happened; at most `limit`. */
export async function entryChanges(txid: number, limit = 200): Promise<HistoryChange[]> {
  const { data, error } = await supabase.from('audit_changes').select('*').eq('txid', txid).order('id').limit(limit);
  if (error) throw new Error(error.message);
  return data;
}

/** The latest changes of one record (a product with its sizes, images and private fields). */
export async function recordChanges(subjectType: string, subjectId: string, limit = 30): Promise<HistoryChange[]> {
  const { data, error } = await supabase
    .from('audit_changes')
    .select('*')
    .eq('subject_type', subjectType)
    .eq('subject_id', subjectId)
    .order('id', { ascending: false })
    .limit(limit);
  if (error) throw new Error(error.message);
  return data;
}

/** The people who appear in the history (for its filter), from the team's own list. */
export async function historyPeople(): Promise<string[]> {
  const { data, error } = await supabase.from('audit_entries').select('actor_email').not('actor_email', 'is', null).limit(1000);
  if (error) throw new Error(error.message);
  return [...new Set(data.map((r) => r.actor_email as string))].sort();
}
