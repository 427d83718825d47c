/**
 * The General tab's field checks, as react-admin validators returning message keys: the shop
 * settings' rules from src/lib/shop-settings.ts (the same the database enforces), so a bad value is
 * refused in the form before anything is sent.
 */
import { isContactEmail, isHttpsUrl, isOpeningHoursLine, isSellerPhone, MAX_OPENING_HOURS } from '@/lib/shop-settings.ts';

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

export const sellerPhoneError = (value: unknown) => (isSellerPhone(value) ? undefined : 'app.settings.general.invalid_phone');

export const contactEmailError = (value: unknown) => (isContactEmail(value) ? undefined : 'app.settings.general.invalid_email');

/** Profile and invite links are optional; when given they must be https. */
export const httpsUrlError = (value: unknown) => (blank(value) || isHttpsUrl(value) ? undefined : 'app.settings.general.invalid_url');

export const openingHoursError = (value: unknown) => {
  if (!Array.isArray(value)) return undefined;
  if (value.length > MAX_OPENING_HOURS) return 'app.settings.general.too_many_hours';
  return value.every(isOpeningHoursLine) ? undefined : 'app.settings.general.incomplete_hours';
};

/** The columns the form writes. */
export const GENERAL_COLUMNS = [
  'seller_phone',
  'contact_email',
  'opening_hours',
  'instagram_url',
  'facebook_url',
  'tiktok_url',
  'chat_group_url',
] as const;

/** Only the form's columns go to the database (an emptied link as null); the key and updated_at never do. */
export function pickGeneral(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(GENERAL_COLUMNS.filter((column) => column in data).map((column) => [column, data[column] ?? null]));
}
