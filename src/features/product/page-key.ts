/**
 * The cache key of a built page: a digest of everything the page prints. An incremental build copies
 * a page from the last build when its key is unchanged, so a key must change whenever any of what it
 * covers does (build-time only; the digest is node:crypto's SHA-256).
 */
import { createHash } from 'node:crypto';

/** The digest of the values, in order, as JSON (object keys in the order the data layer writes them). */
export function pageKey(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}
