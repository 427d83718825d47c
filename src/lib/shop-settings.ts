/**
 * The shop settings' rules, shared by the back office form and the pages that show them (the
 * database checks the same): the seller's chat number is international digits only, country code
 * first; profile and invite links are empty or secure (https); opening hours are at most seven
 * lines of days and hours.
 */

export interface OpeningHours {
  days: string;
  hours: string;
}

export interface SocialProfiles {
  instagram: string | null;
  facebook: string | null;
  tiktok: string | null;
}

export const MAX_OPENING_HOURS = 7;
/** Longest days or hours text of an opening-hours line. */
export const MAX_OPENING_HOURS_TEXT = 60;

const SELLER_PHONE = /^[0-9]{11,15}$/;
const HTTPS_URL = /^https:\/\/\S+$/;
// Something@domain.tld with no spaces, as the database accepts it.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Digits only, 11 to 15 of them: country code and number (5215512345678), no '+', spaces or dashes. */
export function isSellerPhone(value: unknown): value is string {
  return typeof value === 'string' && SELLER_PHONE.test(value);
}

/** A link that starts with https:// and has no spaces. */
export function isHttpsUrl(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && HTTPS_URL.test(value);
}

export function isContactEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value);
}

/** One line of opening hours: both texts filled in, neither longer than 60 characters. */
export function isOpeningHoursLine(value: unknown): value is OpeningHours {
  if (typeof value !== 'object' || value === null) return false;
  const { days, hours } = value as Record<string, unknown>;
  return [days, hours].every((t) => typeof t === 'string' && t.trim() !== '' && t.length <= MAX_OPENING_HOURS_TEXT);
}

/** The stored opening hours (JSON) as lines to show; anything but a list of well-formed lines shows none. */
export function toOpeningHours(value: unknown): OpeningHours[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isOpeningHoursLine)
    .slice(0, MAX_OPENING_HOURS)
    .map(({ days, hours }) => ({ days, hours }));
}

/** The profiles that are set, in the order the pages list them. */
export function socialLinks(profiles: SocialProfiles): { href: string; label: string }[] {
  const all = [
    { href: profiles.instagram, label: 'Instagram' },
    { href: profiles.facebook, label: 'Facebook' },
    { href: profiles.tiktok, label: 'TikTok' },
  ];
  return all.filter((l): l is { href: string; label: string } => isHttpsUrl(l.href));
}
