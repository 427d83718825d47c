/**
 * `/storage/v1`: the subset of Supabase Storage that storage-js calls, with files on disk under
 * storageDir/<bucket>/<path> and rows in storage.objects.
 *
 * Authorisation is Postgres RLS, as in Supabase Storage: every object read or write runs in a
 * transaction that has switched to the caller's role with the caller's JWT claims
 * (`set_config('role', ...)`, `set_config('request.jwt.claims', ...)`), and the disk is touched only
 * when the row operation succeeded. Bucket rules (public, file_size_limit, allowed_mime_types) are
 * read as supabase_storage_admin (the tables' owner, which RLS does not restrict), as Storage does.
 * Rows are written with the platform's columns (owner and owner_id, version); deletes set
 * storage.allow_delete_query for their transaction, without which the platform refuses them.
 *
 * Routes: upload (POST/PUT /object/:bucket/*), remove (DELETE /object/:bucket), download
 * (GET /object/public|authenticated/:bucket/*, GET /object/:bucket/*), info, list, buckets (read,
 * create, update, empty, delete) and image transformation (GET /render/image/public|authenticated/...).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { errors as joseErrors } from 'jose';
import { apiKeyOf } from './apikey.ts';
import { allowStorageDeletes, asCaller, pgCode, type Client, type Pool } from './db.ts';
import { HttpError, jsonResponse } from './errors.ts';
import { parseTransform, renderImage } from './image-render.ts';
import { RenderCache } from './render-cache.ts';
import { bearerToken, type Claims, type JwtTool } from './jwt.ts';

/** Supabase's global upload limit (free plan default). A bucket's own limit can only be lower. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

interface StorageDeps {
  pool: Pool;
  jwt: JwtTool;
  storageDir: string;
  /** Disk the rendered variants may take (default RENDER_CACHE_MB, else 512 MB). */
  renderCacheBytes?: number;
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  type: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

interface ObjectMeta {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
}

function storageError(status: number, error: string, message: string): HttpError {
  return new HttpError(status, { statusCode: String(status), error, message });
}

/** Disk errors that mean the stored files cannot be written at all (not a problem of the object's name). */
const DISK_REFUSALS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EEXIST', 'ENOTDIR', 'EISDIR']);

/** The answer when the storage folder refuses a write: what happened, in the words an admin reads. */
function storageUnwritable(error: unknown): HttpError {
  const code = pgCode(error) ?? 'EIO';
  console.error('[gateway] storage is not writable:', error);
  const reason = code === 'ENOSPC' || code === 'EDQUOT' ? 'el disco está lleno' : 'la carpeta de archivos no admite escritura';
  return storageError(
    507,
    'StorageUnwritable',
    `No se pudo guardar el archivo: ${reason} (${code}). Inténtalo de nuevo cuando se resuelva.`,
  );
}

const bucketNotFound = () => storageError(404, 'Bucket not found', 'Bucket not found');
const objectNotFound = () => storageError(404, 'not_found', 'Object not found');
const rlsDenied = () => storageError(403, 'Unauthorized', 'new row violates row-level security policy');

function bucketJson(b: BucketRow) {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    type: b.type,
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: b.created_at.toISOString(),
    updated_at: b.updated_at.toISOString(),
  };
}

const BUCKET_ID_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;

function checkBucketId(id: string): string {
  if (!BUCKET_ID_RE.test(id) || id.length > 100) throw storageError(400, 'InvalidBucketName', `Bucket name invalid`);
  return id;
}

/** Object names: no empty, "." or ".." segments, no NUL or backslash (no way out of the bucket folder). */
function checkObjectName(name: string): string {
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
function target(c: Context, prefix: string): { bucket: string; name: string } {
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

/** The first bytes every JPEG, PNG and WebP file starts with. */
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** An upload declared as JPEG, PNG or WebP must be one: a page or a script renamed .png is refused. */
function contentMatches(mime: string, bytes: Buffer): boolean {
  const check = SIGNATURES[mime.split(';')[0]!.trim().toLowerCase()];
  return check ? check(bytes) : true;
}

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule === type || (rule.endsWith('/*') && type.startsWith(rule.slice(0, -1)));
  });
}

/** Parses "5MB", "100 KB", "1GB" or a number of bytes, as storage-js lets callers write it. */
function parseSize(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return value;
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(String(value).trim());
  if (!m) throw storageError(400, 'InvalidRequest', `Invalid file size limit: ${String(value)}`);
  const mult: Record<string, number> = { b: 1, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };
  return Math.round(Number(m[1]) * mult[(m[2] ?? 'b').toLowerCase()]!);
}

/** Reads a body stream, refusing more than limit bytes with Storage's 413. */
async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer> {
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

export function storageRoutes(deps: StorageDeps): Hono {
  const { pool, jwt } = deps;
  const root = resolve(deps.storageDir);
  const cacheRoot = join(root, '.render-cache');
  const tmpRoot = join(root, '.tmp');
  const renderCache = new RenderCache({
    root: cacheRoot,
    capBytes: deps.renderCacheBytes ?? (Number(process.env['RENDER_CACHE_MB']) || 512) * 1024 * 1024,
    concurrency: 2,
    maxQueued: 32,
  });
  const app = new Hono();

  function filePath(bucket: string, name: string): string {
    const bucketDir = join(root, bucket);
    const path = resolve(bucketDir, ...name.split('/'));
    if (!path.startsWith(bucketDir + sep)) throw storageError(400, 'InvalidKey', `Invalid key: ${name}`);
    return path;
  }
  const cacheDirOf = (bucket: string, name: string) => join(cacheRoot, bucket, ...name.split('/'));

  async function claimsOf(c: Context): Promise<Claims> {
    const token = bearerToken(c.req.raw) ?? apiKeyOf(c.req.raw);
    if (!token) return { role: 'anon' };
    try {
      return await jwt.verify(token);
    } catch (error) {
      const message = error instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature';
      throw new HttpError(400, { statusCode: '403', error: 'Unauthorized', message });
    }
  }

  async function bucketAsOwner(id: string): Promise<BucketRow> {
    const { rows } = await pool.query<BucketRow>('select * from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw bucketNotFound();
    return rows[0];
  }

  /** Deletes an object's file, its rendered variants and the folders left empty. */
  async function removeFromDisk(bucket: string, name: string): Promise<void> {
    const path = filePath(bucket, name);
    await rm(path, { force: true });
    renderCache.forget(cacheDirOf(bucket, name));
    await rm(cacheDirOf(bucket, name), { recursive: true, force: true });
    let dir = dirname(path);
    const stopAt = join(root, bucket);
    while (dir.startsWith(stopAt + sep)) {
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        break;
      dir = dirname(dir);
    }
  }

  // ─── Upload ────────────────────────────────────────────────────────────────────────────
  async function upload(c: Context, upsert: boolean): Promise<Response> {
    const { bucket: bucketId, name } = target(c, '/object/');
    const claims = await claimsOf(c);
    const bucket = await bucketAsOwner(bucketId);
    const limit = Math.min(bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit), GLOBAL_FILE_SIZE_LIMIT);
    const contentType = c.req.header('content-type') ?? '';
    let bytes: Buffer;
    let mimetype: string;
    let cacheControl: string;
    if (/^multipart\/form-data/i.test(contentType)) {
      const raw = await readLimited(c.req.raw.body, limit + 64 * 1024);
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
      let file: File | null = null;
      for (const [, value] of form)
        if (typeof value !== 'string') {
          file = value;
          break;
        }
      if (!file) throw storageError(400, 'InvalidRequest', 'No file found in request');
      bytes = Buffer.from(await file.arrayBuffer());
      mimetype = file.type || 'text/plain;charset=UTF-8';
      const cc = form.get('cacheControl');
      cacheControl = typeof cc === 'string' && cc ? `max-age=${cc}` : 'no-cache';
    } else {
      const declared = Number(c.req.header('content-length') ?? '0');
      if (declared > limit) throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
      bytes = await readLimited(c.req.raw.body, limit);
      mimetype = contentType || 'text/plain;charset=UTF-8';
      cacheControl = c.req.header('cache-control') ?? 'no-cache';
    }
    if (bytes.length > limit) throw storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
    if (!mimeAllowed(mimetype, bucket.allowed_mime_types)) {
      throw storageError(415, 'invalid_mime_type', `mime type ${mimetype} is not supported`);
    }
    if (!contentMatches(mimetype, bytes)) {
      throw storageError(415, 'invalid_mime_type', `the file's content is not ${mimetype.split(';')[0]}`);
    }
    const eTag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const metadata = {
      eTag,
      size: bytes.length,
      mimetype,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    // Storage records the caller as owner_id (the JWT's sub, any text) and, when it is a uuid, as owner
    const ownerId = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
    const owner = ownerId && /^[0-9a-f-]{36}$/i.test(ownerId) ? ownerId : null;
    const dest = filePath(bucketId, name);
    const tmp = join(tmpRoot, randomUUID());
    // The bytes and the bucket's folder first: when the disk refuses them (read-only, full, a file
    // where the folder should be) the upload stops here with a clear message and no row is written.
    try {
      await mkdir(tmpRoot, { recursive: true });
      await writeFile(tmp, bytes);
      await mkdir(join(root, bucketId), { recursive: true });
    } catch (error) {
      await rm(tmp, { force: true }).catch(() => undefined);
      throw storageUnwritable(error);
    }
    try {
      const id = await asCaller(pool, claims, async (db: Client) => {
        const sql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3, $4, $5, $6)
          ${
            upsert
              ? `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
                      metadata = excluded.metadata, version = excluded.version, last_accessed_at = now()`
              : ''
          }
          returning id`;
        const { rows } = await db.query<{ id: string }>(sql, [bucketId, name, owner, ownerId, JSON.stringify(metadata), randomUUID()]);
        // The row is in; now the bytes. If this fails the transaction rolls back.
        renderCache.forget(cacheDirOf(bucketId, name));
        await rm(cacheDirOf(bucketId, name), { recursive: true, force: true });
        await mkdir(dirname(dest), { recursive: true });
        await rename(tmp, dest);
        return rows[0]!.id;
      });
      return jsonResponse(200, { Key: `${bucketId}/${name}`, Id: id });
    } catch (error) {
      const code = pgCode(error);
      if (code === '42501') throw rlsDenied();
      if (code === '23505') throw storageError(409, 'Duplicate', 'The resource already exists');
      if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') throw storageError(400, 'InvalidKey', `Invalid key: ${name}`);
      if (code !== undefined && DISK_REFUSALS.has(code)) throw storageUnwritable(error);
      throw error;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  app.post('/object/list/:bucket', async (c) => {
    const bucketId = checkBucketId(c.req.param('bucket'));
    const claims = await claimsOf(c);
    const body = (await c.req.json().catch(() => ({}))) as {
      prefix?: string;
      limit?: number;
      offset?: number;
      search?: string;
      sortBy?: { column?: string; order?: string };
    };
    let prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(body.sortBy?.column ?? '')
      ? body.sortBy!.column!
      : 'name';
    const desc = body.sortBy?.order?.toLowerCase() === 'desc';
    await bucketAsOwner(bucketId);
    const escaped = `${prefix}${body.search ?? ''}`.replace(/[\\%_]/g, (m) => `\\${m}`);
    const like = `${escaped}%`;
    const rows = await asCaller(
      pool,
      claims,
      async (db) =>
        (
          await db.query<{
            id: string;
            name: string;
            updated_at: Date;
            created_at: Date;
            last_accessed_at: Date | null;
            metadata: unknown;
          }>(
            `select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects
          where bucket_id = $1 and name ilike $2`,
            [bucketId, like],
          )
        ).rows,
    );
    const entries = new Map<string, Record<string, unknown>>();
    for (const r of rows) {
      const rest = r.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash >= 0) {
        const folder = rest.slice(0, slash);
        if (!entries.has(folder))
          entries.set(folder, { name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      } else {
        entries.set(rest, {
          name: rest,
          id: r.id,
          updated_at: r.updated_at.toISOString(),
          created_at: r.created_at.toISOString(),
          last_accessed_at: r.last_accessed_at?.toISOString() ?? null,
          metadata: r.metadata,
        });
      }
    }
    const sorted = [...entries.values()].sort((a, b) => {
      const x = String(a[column] ?? '');
      const y = String(b[column] ?? '');
      return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
    });
    return jsonResponse(200, sorted.slice(offset, offset + limit));
  });

  // ─── Remove ────────────────────────────────────────────────────────────────────────────
  app.delete('/object/:bucket', async (c) => {
    const bucketId = checkBucketId(c.req.param('bucket'));
    const claims = await claimsOf(c);
    const body = (await c.req.json().catch(() => ({}))) as { prefixes?: unknown };
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || prefixes.some((p) => typeof p !== 'string')) {
      throw storageError(400, 'InvalidRequest', 'prefixes must be an array of 1 to 1000 object names');
    }
    const names = (prefixes as string[]).map((p) => p.replace(/^\/+/, ''));
    const deleted = await asCaller(pool, claims, async (db) => {
      await allowStorageDeletes(db);
      return (
        await db.query<Record<string, unknown> & { name: string }>(
          'delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *',
          [bucketId, names],
        )
      ).rows;
    });
    for (const row of deleted) {
      try {
        await removeFromDisk(bucketId, checkObjectName(row.name));
      } catch (error) {
        console.error('[gateway] storage: could not remove file', row.name, (error as Error).message);
      }
    }
    return jsonResponse(200, deleted);
  });

  app.delete('/object/:bucket/*', async (c) => {
    const { bucket, name } = target(c, '/object/');
    const claims = await claimsOf(c);
    const n = await asCaller(pool, claims, async (db) => {
      await allowStorageDeletes(db);
      return (await db.query('delete from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rowCount;
    });
    if (!n) throw objectNotFound();
    await removeFromDisk(bucket, name);
    return jsonResponse(200, { message: 'Successfully deleted' });
  });

  // ─── Read ──────────────────────────────────────────────────────────────────────────────
  /** The object row: as the superuser for public buckets, as the caller (RLS) otherwise. */
  async function lookup(c: Context, prefix: string, mode: 'public' | 'caller') {
    const { bucket, name } = target(c, prefix);
    let rows: Array<{ id: string; metadata: ObjectMeta | null; updated_at: Date }>;
    if (mode === 'public') {
      const { rows: b } = await pool.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucket]);
      if (!b[0]?.public) throw bucketNotFound();
      rows = (await pool.query('select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2', [bucket, name]))
        .rows;
    } else {
      const claims = await claimsOf(c);
      rows = await asCaller(
        pool,
        claims,
        async (db) =>
          (await db.query('select id, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2', [bucket, name])).rows,
      );
    }
    const row = rows[0];
    if (!row) throw objectNotFound();
    const path = filePath(bucket, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) throw objectNotFound();
    return { bucket, name, row, path, size: info.size, meta: row.metadata ?? {} };
  }

  function fileResponse(c: Context, path: string, headers: Record<string, string>, etag: string): Response {
    const inm = c.req.header('if-none-match');
    if (inm?.split(',').some((t) => t.trim() === etag || t.trim() === '*')) {
      return new Response(null, { status: 304, headers: { etag, 'cache-control': headers['cache-control'] ?? 'no-cache' } });
    }
    const download = new URL(c.req.url).searchParams.get('download');
    if (download !== null) {
      const filename = download || path.split(sep).pop()!;
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`;
    }
    const body = c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(path)) as ReadableStream);
    // the browser must take the stored type as given: an upload cannot turn into a page
    return new Response(body, { status: 200, headers: { ...headers, etag, 'x-content-type-options': 'nosniff' } });
  }

  async function serveObject(c: Context, prefix: string, mode: 'public' | 'caller'): Promise<Response> {
    const o = await lookup(c, prefix, mode);
    const etag = o.meta.eTag ?? `"${o.row.id}"`;
    return fileResponse(
      c,
      o.path,
      {
        'content-type': o.meta.mimetype ?? 'application/octet-stream',
        'content-length': String(o.size),
        'cache-control': o.meta.cacheControl ?? 'no-cache',
        'last-modified': o.row.updated_at.toUTCString(),
      },
      etag,
    );
  }

  async function serveRendered(c: Context, prefix: string, mode: 'public' | 'caller'): Promise<Response> {
    const params = parseTransform(new URL(c.req.url).searchParams);
    const o = await lookup(c, prefix, mode);
    if (!(o.meta.mimetype ?? '').startsWith('image/')) {
      throw storageError(422, 'InvalidImage', 'Only images can be transformed');
    }
    const r = await renderImage(o.path, cacheDirOf(o.bucket, o.name), o.meta.eTag ?? o.row.id, params, renderCache);
    const info = await stat(r.path);
    return fileResponse(
      c,
      r.path,
      {
        'content-type': r.contentType,
        'content-length': String(info.size),
        'cache-control': o.meta.cacheControl ?? 'max-age=3600',
        'last-modified': o.row.updated_at.toUTCString(),
        'x-transform-cache': r.hit ? 'HIT' : 'MISS',
        vary: 'Accept',
      },
      `"${r.key}"`,
    );
  }

  app.get('/object/public/*', (c) => serveObject(c, '/object/public/', 'public'));
  app.get('/object/authenticated/*', (c) => serveObject(c, '/object/authenticated/', 'caller'));
  app.get('/render/image/public/*', (c) => serveRendered(c, '/render/image/public/', 'public'));
  app.get('/render/image/authenticated/*', (c) => serveRendered(c, '/render/image/authenticated/', 'caller'));
  app.get('/object/info/*', async (c) => {
    const o = await lookup(c, '/object/info/', 'caller');
    return jsonResponse(200, {
      id: o.row.id,
      name: o.name,
      bucket_id: o.bucket,
      version: null,
      size: o.meta.size ?? o.size,
      content_type: o.meta.mimetype ?? null,
      cache_control: o.meta.cacheControl ?? null,
      etag: o.meta.eTag ?? null,
      metadata: {},
      last_modified: o.row.updated_at.toISOString(),
      created_at: o.row.updated_at.toISOString(),
    });
  });
  app.get('/object/*', (c) => serveObject(c, '/object/', 'caller'));

  app.post('/object/*', (c) => upload(c, c.req.header('x-upsert') === 'true'));
  app.put('/object/*', (c) => upload(c, true));

  // ─── Buckets ───────────────────────────────────────────────────────────────────────────
  app.get('/bucket', async (c) => {
    const claims = await claimsOf(c);
    const rows = await asCaller(
      pool,
      claims,
      async (db) => (await db.query<BucketRow>('select * from storage.buckets order by name')).rows,
    );
    return jsonResponse(200, rows.map(bucketJson));
  });

  app.get('/bucket/:id', async (c) => {
    const claims = await claimsOf(c);
    const rows = await asCaller(
      pool,
      claims,
      async (db) => (await db.query<BucketRow>('select * from storage.buckets where id = $1', [c.req.param('id')])).rows,
    );
    if (!rows[0]) throw bucketNotFound();
    return jsonResponse(200, bucketJson(rows[0]));
  });

  app.post('/bucket', async (c) => {
    const claims = await claimsOf(c);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const id = checkBucketId(String(body['id'] ?? body['name'] ?? ''));
    try {
      await asCaller(pool, claims, (db) =>
        db.query(
          'insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3, $4, $5, $6, $7)',
          [
            id,
            String(body['name'] ?? id),
            typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : null,
            typeof claims.sub === 'string' && claims.sub ? claims.sub : null,
            body['public'] === true,
            parseSize(body['file_size_limit']),
            (body['allowed_mime_types'] as string[] | undefined) ?? null,
          ],
        ),
      );
    } catch (error) {
      if (pgCode(error) === '42501') throw rlsDenied();
      if (pgCode(error) === '23505') throw storageError(409, 'Duplicate', 'The resource already exists');
      throw error;
    }
    return jsonResponse(200, { name: id });
  });

  app.put('/bucket/:id', async (c) => {
    const claims = await claimsOf(c);
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    const n = await asCaller(
      pool,
      claims,
      async (db) =>
        (
          await db.query(
            `update storage.buckets set public = coalesce($2, public),
           file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
           allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end, updated_at = now()
         where id = $1`,
            [
              c.req.param('id'),
              typeof body['public'] === 'boolean' ? body['public'] : null,
              'file_size_limit' in body,
              parseSize(body['file_size_limit']),
              'allowed_mime_types' in body,
              (body['allowed_mime_types'] as string[] | null | undefined) ?? null,
            ],
          )
        ).rowCount,
    );
    if (!n) throw bucketNotFound();
    return jsonResponse(200, { message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const claims = await claimsOf(c);
    const bucket = checkBucketId(c.req.param('id'));
    const deleted = await asCaller(pool, claims, async (db) => {
      await allowStorageDeletes(db);
      return (await db.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [bucket])).rows;
    });
    for (const row of deleted) await removeFromDisk(bucket, row.name).catch(() => undefined);
    return jsonResponse(200, { message: 'Successfully emptied' });
  });

  app.delete('/bucket/:id', async (c) => {
    const claims = await claimsOf(c);
    const bucket = checkBucketId(c.req.param('id'));
    try {
      const n = await asCaller(pool, claims, async (db) => {
        await allowStorageDeletes(db);
        return (await db.query('delete from storage.buckets where id = $1', [bucket])).rowCount;
      });
      if (!n) throw bucketNotFound();
    } catch (error) {
      if (pgCode(error) === '23503') throw storageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
      throw error;
    }
    await rm(join(root, bucket), { recursive: true, force: true });
    await rm(join(cacheRoot, bucket), { recursive: true, force: true });
    return jsonResponse(200, { message: 'Successfully deleted' });
  });

  return app;
}
