/**
 * What each role may use in the back office (react-admin's canAccess): owners everything; editors
 * everything but the team, the shop's settings and policies and the history, and they read the
 * orders' payments but do not refund them, and read the alert settings; analysts only read the
 * catalogue, the orders (with their payments and refunds), the discount codes, the analytics and
 * 'Avisos'. 'Avisos' is 'alerts'; a campaign's code there is 'campaign_alerts' (owners and editors
 * write it), its settings 'alert_settings' (owners write them). The database refuses the same on
 * its own (supabase/schemas/01_extensions_and_helpers.sql, private.staff_role).
 *
 * `resource` is a react-admin resource name or one of the back office's own screens ('team',
 * 'settings', 'shop_settings', 'featured-products', 'history', 'alerts'); `action` is react-admin's: 'list',
 * 'show', 'export' read, anything else ('create', 'edit', 'delete', …) writes.
 */
import type { StaffRole } from '../common/staff-roles.ts';

const OWNER_ONLY = new Set(['team', 'shop_settings', 'history']);
/**
 * What others may read but only owners write: refunds ('Reembolsar', which the refund function allows
 * owners alone) and the alert settings ('Avisos').
 */
const OWNER_WRITES = new Set(['order_refunds', 'alert_settings']);
/** What an analyst may open: the catalogue's lists, the analytics and 'Avisos'. */
const ANALYST_READS = new Set([
  'campaigns',
  'products',
  'categories',
  'subcategories',
  'size_guides',
  'brands',
  'orders',
  'order_items',
  'order_payments',
  'order_refunds',
  'discount_codes',
  'analytics',
  'reports',
  'alerts',
  'campaign_alerts',
  'alert_settings',
]);
const READ_ACTIONS = new Set(['list', 'show', 'export', 'read']);

export function canRoleAccess(role: StaffRole | null, resource: string, action: string): boolean {
  if (role === 'owner') return true;
  if (role === 'editor') return !OWNER_ONLY.has(resource) && !(OWNER_WRITES.has(resource) && !READ_ACTIONS.has(action));
  if (role === 'analyst') return ANALYST_READS.has(resource) && READ_ACTIONS.has(action);
  return false;
}
