/**
 * The Políticas tab's field checks, as react-admin validators returning message keys, and what the
 * form sends: the limits of src/lib/policies.ts, which the database enforces too, so a bad value is
 * refused in the form before anything is sent.
 */
import {
  INSTALLMENT_MONTH_CHOICES,
  isDeliveryZone,
  isRfc,
  LEGAL_REVOCATION_DAYS,
  MAX_DELIVERY_ZONES,
  MAX_PAYMENT_METHODS,
  POLICY_COLUMNS,
} from '@/lib/policies.ts';

const KEY = 'app.settings.policies';
const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const wholeIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** A whole number of pesos or days between min and max; blank passes only when the field is optional. */
export const wholeNumber =
  (min: number, max: number, optional = false) =>
  (value: unknown) => {
    if (blank(value)) return optional ? undefined : `${KEY}.required`;
    return wholeIn(value, min, max) ? undefined : { message: `${KEY}.whole_between`, args: { min, max } };
  };

/** The buyer's right to revoke: never fewer than the 5 business days of LFPC art. 56. */
export const revocationDaysError = (value: unknown) => (wholeIn(value, LEGAL_REVOCATION_DAYS, 30) ? undefined : `${KEY}.revocation_min`);

export const deliveryZonesError = (value: unknown) => {
  if (!Array.isArray(value) || value.length === 0) return `${KEY}.zones_required`;
  if (value.length > MAX_DELIVERY_ZONES) return `${KEY}.too_many_zones`;
  return value.every(isDeliveryZone) ? undefined : `${KEY}.invalid_zone`;
};

/** One payment method per line: 1 to 8 lines of at most 80 characters. */
export const paymentMethodsError = (value: unknown) => {
  const methods = Array.isArray(value) ? value : [];
  if (methods.length === 0) return `${KEY}.methods_required`;
  if (methods.length > MAX_PAYMENT_METHODS) return `${KEY}.too_many_methods`;
  return methods.every((m) => typeof m === 'string' && m.length <= 80) ? undefined : `${KEY}.method_too_long`;
};

export const installmentMonthsError = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every((m) => (INSTALLMENT_MONTH_CHOICES as readonly number[]).includes(m))
    ? undefined
    : `${KEY}.months_required`;

/** The RFC is optional until the owner has it; when given, 12 or 13 characters as the SAT writes them. */
export const rfcError = (value: unknown) => (blank(value) || isRfc(value) ? undefined : `${KEY}.invalid_rfc`);

/** Payment methods are edited as lines of text and stored as a list. */
export const linesToList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
export const listToLines = (value: unknown): string => (Array.isArray(value) ? value.join('\n') : '');

const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/** Only the policy columns go to the database: texts trimmed, an emptied optional field as null. */
export function pickPolicies(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    POLICY_COLUMNS.filter((column) => column in data).map((column) => {
      const value = data[column];
      if (column === 'seller_rfc') return [column, typeof value === 'string' ? value.trim().toUpperCase() || null : null];
      if (column === 'delivery_zones' && Array.isArray(value)) {
        return [column, value.map((z) => ({ ...z, zone: typeof z?.zone === 'string' ? z.zone.trim() : z?.zone }))];
      }
      return [column, trimmedOrNull(value)];
    }),
  );
}
