/** Where a configurable link (brand banner, hero button) goes: http(s) addresses leave the shop in a new tab. */

export interface LinkTarget {
  href: string;
  /** Open in a new tab (target="_blank" rel="noopener"). */
  external: boolean;
}

/** Any origin stands in for the shop's own while parsing: only "same origin or not" matters. */
const SHOP = 'https://tienda.invalid';

/**
 * An http(s) address of another site opens in a new tab; a path of the shop stays in the app (a bare
 * `tienda` means `/tienda`). The link is parsed the way a browser would read it, so `//host`, `/\host`
 * and `\\host` (which browsers send to another site) count as external, and any other scheme
 * (`javascript:`, `data:`, `mailto:`…) gives no link at all. Null when empty.
 */
export function linkTarget(link: string | null | undefined): LinkTarget | null {
  const raw = link?.trim();
  if (!raw) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw);
  const relative = hasScheme || /^[/\\]/.test(raw) ? raw : `/${raw}`;
  let url: URL;
  try {
    url = new URL(relative, `${SHOP}/`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // An address typed in full is kept as the admin wrote it; a scheme-less one gets the one browsers would use.
  if (url.origin !== SHOP) return { href: hasScheme ? raw : url.href, external: true };
  return { href: `${url.pathname}${url.search}${url.hash}`, external: false };
}
