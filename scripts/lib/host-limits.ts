/**
 * What a build must stay under to deploy on the static hosts the shop targets: Cloudflare Pages
 * accepts 20,000 files per deployment on its free plan and 100,000 on paid plans; Netlify has no
 * limit per deployment but refuses a deploy with more than 54,000 files in one folder. A product
 * adds one file (its page, producto/<permalink>/index.html), and one entry to the producto folder.
 */
import { readdir } from 'node:fs/promises';
import { relative } from 'node:path';

export const HOST_LIMITS = {
  cloudflareFree: 20_000,
  cloudflarePaid: 100_000,
  netlifyPerFolder: 54_000,
} as const;

export interface SiteShape {
  /** Files in the build. */
  files: number;
  /** The folder holding the most entries, and how many. */
  fullestFolder: { path: string; entries: number };
}

/** Spanish warnings for every host limit the build exceeds (none when it fits everywhere). */
export function hostLimitWarnings(site: SiteShape): string[] {
  const warnings: string[] = [];
  const n = (value: number) => value.toLocaleString('es-MX');
  if (site.files > HOST_LIMITS.cloudflarePaid) {
    warnings.push(
      `La tienda tiene ${n(site.files)} archivos: Cloudflare Pages admite ${n(HOST_LIMITS.cloudflarePaid)} por despliegue en sus planes de pago.`,
    );
  } else if (site.files > HOST_LIMITS.cloudflareFree) {
    warnings.push(
      `La tienda tiene ${n(site.files)} archivos: Cloudflare Pages admite ${n(HOST_LIMITS.cloudflareFree)} por despliegue en su plan gratuito.`,
    );
  }
  if (site.fullestFolder.entries > HOST_LIMITS.netlifyPerFolder) {
    warnings.push(
      `La carpeta ${site.fullestFolder.path} tiene ${n(site.fullestFolder.entries)} elementos: Netlify rechaza un despliegue con más de ${n(HOST_LIMITS.netlifyPerFolder)} archivos en una carpeta.`,
    );
  }
  return warnings;
}

/** Counts a build's files and finds its fullest folder. */
export async function siteShape(dir: string): Promise<SiteShape> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const perFolder = new Map<string, number>();
  let files = 0;
  for (const entry of entries) {
    if (entry.isFile()) files++;
    perFolder.set(entry.parentPath, (perFolder.get(entry.parentPath) ?? 0) + 1);
  }
  let fullest = { path: '.', entries: 0 };
  for (const [path, count] of perFolder) if (count > fullest.entries) fullest = { path: relative(dir, path) || '.', entries: count };
  return { files, fullestFolder: fullest };
}
