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

// ─── How orders hold their pieces ─────────────────────────────────────────────────────────────

/** Placing an order holds its pieces this long: from 15 minutes to 72 hours (shop_settings.hold_minutes). */
export const HOLD_MINUTES = { min: 15, max: 72 * 60 } as const;
/** The most pieces unpaid orders from one network may hold at once: 1 to 500 (shop_settings.max_held_per_network). */
export const MAX_HELD_PER_NETWORK = { min: 1, max: 500 } as const;

const wholeIn = (value: unknown, range: { min: number; max: number }) =>
  typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;

/** The hold time as the owner edits it: whole hours and the minutes left over. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/**
 * Hours and minutes as typed back into minutes: a blank part is 0; null when a part is not a whole
 * number, or the minutes are not 0 to 59 (the form then says the range).
 */
export function joinMinutes(hours: string, minutes: string): number | null {
  const part = (typed: string) => {
    const text = typed.trim();
    if (text === '') return 0;
    return /^\d{1,4}$/.test(text) ? Number(text) : null;
  };
  const h = part(hours);
  const m = part(minutes);
  if (h === null || m === null || m > 59) return null;
  return h * 60 + m;
}

/** '4 h', '2 h 30 min', '45 min': a hold time as a person reads it. */
export function holdTimeText(total: number): string {
  const { hours, minutes } = splitMinutes(total);
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

export const holdMinutesError = (value: unknown) => (wholeIn(value, HOLD_MINUTES) ? undefined : 'app.settings.general.invalid_hold');

export const maxHeldError = (value: unknown) =>
  wholeIn(value, MAX_HELD_PER_NETWORK) ? undefined : 'app.settings.general.invalid_max_held';

/** The columns the form writes. */
export const GENERAL_COLUMNS = [
  'seller_phone',
  'contact_email',
  'opening_hours',
  'instagram_url',
  'facebook_url',
  'tiktok_url',
  'chat_group_url',
  'hold_minutes',
  'max_held_per_network',
] as const;

/** Only the form's columns go to the database (an emptied link as null); the key and updated_at never do. */
export function pickGeneral(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(GENERAL_COLUMNS.filter((column) => column in data).map((column) => [column, data[column] ?? null]));
}
