/**
 * What a page of a built site costs a shopper up front, gzipped: its HTML, its stylesheets, and the
 * JavaScript it loads before any interaction (entry scripts, island components and renderers, and
 * everything they import statically). Chunks loaded later by dynamic import() are not counted, nor
 * islands that hydrate on the shopper's first touch (client:interaction).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  html: number;
  css: number;
  js: number;
  /** JavaScript files counted. */
  jsFiles: number;
}

/**
 * What a page's HTML may weigh gzipped: what the server's first round trip carries (TCP's initial window of
 * 10 segments, about 14 KB: 14 × 1024 bytes), so a page's first view needs no second one.
 */
export const FIRST_ROUND_TRIP_BYTES = 14 * 1024;

/** Bytes as gzip at its best level sends them, as every weight here is counted. */
export const gzipped = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** A site path's file in the build folder ('/_astro/a.js' → '<dist>/_astro/a.js'). */
const fileOf = (dist: string, url: string) => join(dist, decodeURIComponent(url.split(/[?#]/)[0] ?? ''));

/** Every module a script imports statically, itself included, as site paths. */
function withStaticImports(dist: string, url: string, seen: Set<string>): void {
  if (seen.has(url) || !existsSync(fileOf(dist, url))) return;
  seen.add(url);
  const code = readFileSync(fileOf(dist, url), 'utf8');
  const base = `http://site${url}`;
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    withStaticImports(dist, new URL(m[1] ?? '', base).pathname, seen);
  }
}

/** The weight of the page at `route` ('/', '/tienda', '/producto/x') of the build in `dist`. */
export function pageWeight(dist: string, route: string): PageWeight {
  const htmlFile = join(dist, route, 'index.html');
  const html = readFileSync(htmlFile);
  const text = html.toString('utf8');
  const scripts = new Set<string>();
  for (const m of text.matchAll(/<script\b[^>]*\bsrc="(\/[^"]+\.js)"/g)) withStaticImports(dist, m[1] ?? '', scripts);
  for (const island of text.matchAll(/<astro-island\b[^>]*>/g)) {
    // an island hydrated on the shopper's first touch (client:interaction) loads nothing up front
    if (/\bclient="interaction"/.test(island[0])) continue;
    for (const m of island[0].matchAll(/\b(?:component-url|renderer-url)="(\/[^"]+\.js)"/g)) withStaticImports(dist, m[1] ?? '', scripts);
  }
  for (const m of text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="(\/[^"]+\.js)"/g)) withStaticImports(dist, m[1] ?? '', scripts);
  const styles = new Set([...text.matchAll(/<link[^>]+href="(\/[^"]+\.css)"/g)].map((m) => m[1] ?? ''));
  const sum = (urls: Iterable<string>) => [...urls].reduce((total, u) => total + gzipped(readFileSync(fileOf(dist, u))), 0);
  return { html: gzipped(html), css: sum([...styles].filter((u) => existsSync(fileOf(dist, u)))), js: sum(scripts), jsFiles: scripts.size };
}
