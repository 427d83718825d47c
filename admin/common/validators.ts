/** Form validators shared by the screens; each returns a message key (react-admin translates it). */
export const URL_ERROR = 'app.campaigns.invalid_url';

/** An http(s) URL, or empty when the field is optional. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const optionalUrl = (value: unknown) =>
  value === null || value === undefined || value === '' || isHttpUrl(value) ? undefined : URL_ERROR;

export const requiredUrl = (value: unknown) => (isHttpUrl(value) ? undefined : URL_ERROR);

/** Trimmed text, or null when blank (optional text columns store null, not ''). */
export const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
