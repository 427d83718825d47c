/**
 * The static host's configuration, written into every build: `_redirects` and `_headers`, in the
 * format Netlify and Cloudflare Pages read, and applied by the local static server the same way.
 *
 * Rules:
 *   - /admin/* answers with the back office's index.html (a single-page app);
 *   - hashed assets (/_astro/*, the back office's /admin/assets/* and the search index's chunks,
 *     /pagefind/{index,fragment,filter}/*) are cached for a year as immutable; everything else gets
 *     the host's default, revalidated on every visit, so a publication shows at once;
 *   - a Content-Security-Policy allows scripts only from the site itself plus the exact inline
 *     scripts the build produced (by hash), no eval; WebAssembly only for the search index's own
 *     module, which the site serves ('wasm-unsafe-eval' lets a script of the site compile
 *     WebAssembly, never run text as code); data only from the site and the
 *     Supabase project; images also from https (imported product images live elsewhere);
 *     no framing, no plugins, forms only to the site and the chat;
 *   - nosniff and a referrer policy that sends only the origin to other sites.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const CHAT_ORIGIN = 'https://wa.me';

export interface HeaderRule {
  pattern: string;
  headers: Array<[name: string, value: string]>;
}

/** sha256 sources of every executable inline script in the HTML (JSON-LD data blocks are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[2] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

export function contentSecurityPolicy(supabaseUrl: string, scriptHashes: string[]): string {
  const supabase = new URL(supabaseUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${[...new Set(scriptHashes)].sort().join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https: ${supabase}`,
    "font-src 'self' data:",
    `connect-src 'self' ${supabase}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${CHAT_ORIGIN}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export function headerRules(csp: string): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: [
        ['Content-Security-Policy', csp],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['X-Frame-Options', 'DENY'],
      ],
    },
    { pattern: '/_astro/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
    { pattern: '/admin/assets/*', headers: [['Cache-Control', 'public, max-age=31536000, immutable']] },
    ...['index', 'fragment', 'filter'].map((folder) => ({
      pattern: `/pagefind/${folder}/*`,
      headers: [['Cache-Control', 'public, max-age=31536000, immutable']] as Array<[string, string]>,
    })),
  ];
}

export function renderHeaders(rules: HeaderRule[]): string {
  return `${rules.map((r) => [r.pattern, ...r.headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n\n')}\n`;
}

/** Parses a `_headers` file: a path pattern on its own line, then indented `Name: value` lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(':');
    const rule = rules.at(-1);
    if (colon > 0 && rule) rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Whether a URL path matches a `_headers` pattern (`*` matches any rest of the path). */
export function pathMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** Headers for a path: every matching rule, in file order. */
export function headersFor(rules: HeaderRule[], path: string): Array<[string, string]> {
  return rules.filter((r) => pathMatches(r.pattern, path)).flatMap((r) => r.headers);
}

export const REDIRECTS = '/admin/*  /admin/index.html  200\n';

/** Writes `_headers` and `_redirects` for a finished build in `outDir`. */
/**
 * The inline script hashes of the last build's pages: a page the new build copied unchanged from the
 * last one has the same scripts, so it is not read again (reading 10,000 pages takes a second).
 */
export interface ScriptMemo {
  /** Page path (relative to the output folder) → its inline script hashes, in the last build. */
  known: ReadonlyMap<string, string[]>;
  /** Pages this build copied from the last one. */
  reused: ReadonlySet<string>;
}

/** Writes `_headers` and `_redirects`; returns every page's inline script hashes (the next build's memo). */
export async function writeHostConfig(outDir: string, supabaseUrl: string, memo?: ScriptMemo): Promise<Map<string, string[]>> {
  const pages = (await readdir(outDir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const byPage = new Map<string, string[]>();
  // 16 files read at a time: one after the other, reading 10,000 pages took two seconds
  let next = 0;
  const reader = async () => {
    for (let page = pages[next++]; page !== undefined; page = pages[next++]) {
      const remembered = memo?.reused.has(page) ? memo.known.get(page) : undefined;
      byPage.set(page, remembered ?? inlineScriptHashes(await readFile(join(outDir, page), 'utf8')));
    }
  };
  await Promise.all(Array.from({ length: 16 }, reader));
  const hashes = [...new Set([...byPage.values()].flat())];
  await writeFile(join(outDir, '_headers'), renderHeaders(headerRules(contentSecurityPolicy(supabaseUrl, hashes))));
  await writeFile(join(outDir, '_redirects'), REDIRECTS);
  return byPage;
}
