/** Where a configurable link (brand banner, hero button) goes: http(s) addresses leave the shop in a new tab. */

export interface LinkTarget {
  href: string;
  /** Open in a new tab (target="_blank" rel="noopener"). */
  external: boolean;
}

/** Spec 5: a link starting with http opens in a new tab; any other is an in-app route. Null when empty. */
export function linkTarget(link: string | null | undefined): LinkTarget | null {
  const href = link?.trim();
  if (!href) return null;
  if (/^http/i.test(href)) return { href, external: true };
  return { href: href.startsWith('/') ? href : `/${href}`, external: false };
}
