/** What an upload must be: within the size limits, of an allowed type, and really of the type it declares. */
import { storageError } from './errors.ts';

/** Supabase's global upload limit (free plan default). A bucket's own limit can only be lower. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** The first bytes every JPEG, PNG and WebP file starts with. */
export const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** An upload declared as JPEG, PNG or WebP must be one: a page or a script renamed .png is refused. */
export function contentMatches(mime: string, bytes: Buffer): boolean {
  const check = SIGNATURES[mime.split(';')[0]!.trim().toLowerCase()];
  return check ? check(bytes) : true;
}

export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule === type || (rule.endsWith('/*') && type.startsWith(rule.slice(0, -1)));
  });
}

/** Parses "5MB", "100 KB", "1GB" or a number of bytes, as storage-js lets callers write it. */
export function parseSize(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(String(value).trim());
  if (!m) throw storageError(400, 'InvalidRequest', `Invalid file size limit: ${String(value)}`);
  const mult: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };
  return Math.round(Number(m[1]) * mult[(m[2] ?? 'b').toLowerCase()]!);
}

/** Reads a body stream, refusing more than limit bytes with Storage's 413. */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
