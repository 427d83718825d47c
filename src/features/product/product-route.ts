/** Reads a product permalink out of a path, for the not-found page's live product view. */

export type ProductRoute = { kind: 'product'; permalink: string } | { kind: 'invalid' };

/** Permalinks are lowercase letters, digits and single hyphens (see permalink.ts), at most 200 characters. */
export function isValidPermalink(value: string): boolean {
  return value.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}

/** '/producto/{permalink}' (optional trailing slash) → the permalink; an empty or malformed one is 'invalid'; other paths null. */
export function productRouteOf(pathname: string): ProductRoute | null {
  const m = /^\/producto(?:\/(.*))?$/.exec(pathname);
  if (!m) return null;
  let raw = (m[1] ?? '').replace(/\/+$/, '');
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return { kind: 'invalid' };
  }
  return isValidPermalink(raw) ? { kind: 'product', permalink: raw } : { kind: 'invalid' };
}
