/**
 * Astro writes the style its islands need (`astro-island{display:contents}` and the like) just before
 * the first island of a page, wherever that is: inside a <div> of the header, where HTML allows no
 * <style>. The shop's pages carry it in <head> instead (src/middleware.ts), where it applies the same.
 */

/** The <style> element Astro writes before a page's first island (astro/dist/runtime/server/astro-island-styles.js). */
export const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page with Astro's island style moved from its body to the end of its <head>; unchanged when it has none. */
export function islandStyleInHead(html: string): string {
  const at = html.indexOf(ISLAND_STYLE);
  const head = html.indexOf('</head>');
  if (at < 0 || head < 0 || at < head) return html;
  const without = html.slice(0, at) + html.slice(at + ISLAND_STYLE.length);
  return without.slice(0, head) + ISLAND_STYLE + without.slice(head);
}
