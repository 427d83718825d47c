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
 * The rules an upload must meet are in storage/uploads.ts, names in storage/names.ts, error answers
 * in storage/errors.ts.
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
import { type BucketRow, bucketJson } from './storage/buckets.ts';
import { bucketNotFound, DISK_REFUSALS, objectNotFound, rlsDenied, storageError, storageUnwritable } from './storage/errors.ts';
import { checkBucketId, checkObjectName, target } from './storage/names.ts';
import { contentMatches, GLOBAL_FILE_SIZE_LIMIT, mimeAllowed, parseSize, readLimited } from './storage/uploads.ts';

interface StorageDeps {
  pool: Pool;
  jwt: JwtTool;
  storageDir: string;
  /** Disk the rendered variants may take (default RENDER_CACHE_MB, else 512 MB). */
  renderCacheBytes?: number;
}

interface ObjectMeta {
  eTag?: string;
  size?: number;
  mimetype?: string;
  cacheControl?: string;
  lastModified?: string;
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
  /** The object row: as supabase_storage_admin (no RLS) for public buckets, as the caller (RLS) otherwise. */
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
