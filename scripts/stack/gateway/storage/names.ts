/** Bucket ids and object names: what Storage accepts, and nothing that could leave a bucket's folder. */
import type { Context } from 'hono';
import { storageError } from './errors.ts';

export const BUCKET_ID_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

export function checkBucketId(id: string): string {
  if (!BUCKET_ID_RE.test(id) || id.length > 100) throw storageError(400, 'InvalidBucketName', `Bucket name invalid`);
  return id;
}

/** Object names: no empty, "." or ".." segments, no NUL or backslash (no way out of the bucket folder). */
export function checkObjectName(name: string): string {
  const segments = name.split('/');
  if (
    !name ||
    name.length > 1024 ||
    name.includes('\0') ||
    name.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw storageError(400, 'InvalidKey', `Invalid key: ${name}`);
  }
  return name;
}

/** "bucket/path/to/file" after a route prefix, decoded and checked. */
export function target(c: Context, prefix: string): { bucket: string; name: string } {
  const pathname = new URL(c.req.url).pathname;
  const at = pathname.indexOf(prefix);
  const rest = pathname.slice(at + prefix.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) throw storageError(400, 'InvalidKey', 'Invalid key: missing object path');
  let bucket: string;
  let name: string;
  try {
    bucket = decodeURIComponent(rest.slice(0, slash));
    name = rest
      .slice(slash + 1)
      .split('/')
      .map(decodeURIComponent)
      .join('/');
  } catch {
    throw storageError(400, 'InvalidKey', 'Invalid key: bad encoding');
  }
  return { bucket: checkBucketId(bucket), name: checkObjectName(name) };
}
