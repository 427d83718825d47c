/**
 * The standard input of a build started by the shop build (SHOP_BUILD_CATALOGUE=stdin; scripts/lib/build.ts):
 * the catalogue and the last build's page keys, as JSON. Read by Astro's configuration, which holds
 * the rendering of pages back until it has arrived (astro.config.mjs), and by the pages.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProductDetail } from './product.ts';

/** The standard input of a build: the catalogue, and the keys of the last build's product pages (null: render every page). */
export interface BuildInput {
  products: ProductDetail[];
  keys: Record<string, string> | null;
}

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The input arrives once per process, and is read by code bundled twice (Astro's configuration and
 * the pages): it is kept on the process, not in this module.
 */
const RECEIVED = Symbol.for('outlet.shop-build-input');
type Holder = { [RECEIVED]?: Promise<BuildInput> };

/** Whether this build receives its input on standard input. */
export const buildInputOnStdin = (): boolean => process.env['SHOP_BUILD_CATALOGUE'] === 'stdin';

/** The build's input; resolves once it has all arrived. Only for builds that receive it on standard input. */
export function buildInput(): Promise<BuildInput> {
  const holder = globalThis as Holder;
  holder[RECEIVED] ??= readStandardInput().then((text) => {
    if (!text) throw new Error('La compilación no recibió el catálogo.');
    return JSON.parse(text) as BuildInput;
  });
  return holder[RECEIVED];
}

/** Astro writes its manifest into the bundle's entry after the bundling: such a module is loaded by Astro alone. */
const UNFINISHED = '@@ASTRO_MANIFEST_REPLACE@@';

/**
 * Loads the pages' modules of a bundle (Astro's prerender build, in `dir`) into this process, so that
 * rendering, when the input arrives, finds them loaded: Node keeps one instance of a module per URL.
 */
export async function preloadModules(dir: string | undefined): Promise<void> {
  if (!dir) return;
  const files = (await readdir(dir, { recursive: true }).catch(() => [])).filter((file) => file.endsWith('.mjs')).sort();
  for (const file of files) {
    const path = join(dir, file);
    if (!(await readFile(path, 'utf8')).includes(UNFINISHED)) await import(pathToFileURL(path).href);
  }
}
