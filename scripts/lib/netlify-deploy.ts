/**
 * Deploys a built site to Netlify by its file digest API, the way Netlify's own client (netlify-cli)
 * does, without its install: every file's SHA-1 goes to Netlify, which answers with the digests it
 * does not hold yet; only those files are uploaded, then the deploy is awaited until it is live.
 * Pages that did not change since the last deploy are byte-identical, so a publication after one
 * edit uploads the handful of files the edit changed (scripts/bench/hosted.ts measures it).
 *
 * What it follows of Netlify's API (docs.netlify.com "Get started with the Netlify API", "Deploy
 * with the API", file digest method; open-api.netlify.com; netlify-cli's src/utils/deploy):
 * - POST {api}/sites/{site_id}/deploys with {files: {"/path": sha1}, draft, title, async}: `required`
 *   lists the digests to upload. With more than 100 files the deploy is created asynchronously
 *   (netlify-cli's syncFileLimit, 100), and polled until 'prepared' before `required` is read.
 * - PUT {api}/deploys/{deploy_id}/files/{path}: one file, application/octet-stream, the path
 *   URL-encoded and without its leading slash; every file whose digest is required is uploaded
 *   (netlify-cli uploads every path of a required digest), 5 at a time (netlify-cli's default).
 * - GET {api}/sites/{site_id}/deploys/{deploy_id} until 'ready' ('error' fails); Netlify publishes a
 *   deploy that is not a draft once it is ready. netlify-cli polls every second for up to 20 minutes.
 * - Failed uploads are tried again (network errors, 408, 429, 5xx; and 401, which Netlify has been
 *   seen to answer now and then during uploads), up to 5 times with a growing wait, as netlify-cli
 *   does; 400 and 422 are not. A 429 waits for X-RateLimit-Reset (the API allows 500 requests a
 *   minute per token, and 3 deploys a minute per site).
 * - Netlify refuses file names with # or ? and more than 54,000 files in one folder: both fail here
 *   before the deploy is created. Hidden files and node_modules are left out, as netlify-cli does.
 * Errors are in Spanish for the workflow's log; a wrong token or site fails at the first request.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

export const NETLIFY_API_URL = 'https://api.netlify.com/api/v1';

/** Netlify's limit of files in one folder of a deploy. */
export const MAX_FILES_PER_FOLDER = 54_000;
/** Above this many files the deploy is created asynchronously (netlify-cli's DEFAULT_SYNC_LIMIT). */
const SYNC_FILE_LIMIT = 100;

export interface DeployOptions {
  /** The built site. */
  dir: string;
  siteId: string;
  token: string;
  /** The API's base URL (NETLIFY_API_URL; https://api.netlify.com/api/v1 by default). */
  apiUrl?: string;
  /** The deploy's message in Netlify's list of deploys. */
  title?: string;
  /** A draft deploy is not published. */
  draft?: boolean;
  /** Uploads at once (5). */
  concurrency?: number;
  /** Tries of a failed request after the first (5). */
  retries?: number;
  /** The first wait before trying again, doubled on each try, ms (2000). */
  retryDelayMs?: number;
  /** The longest wait between polls of the deploy's state, ms (1000). */
  pollMs?: number;
  /** How long the deploy may take to be ready after the uploads, ms (20 minutes). */
  timeoutMs?: number;
  /**
   * A file remembering the last deploy made with it (its site and the digest of every file's path and
   * SHA-1): when the site is the same file for file, no deploy is made. The workflow keeps it in the
   * build cache, so the search index's deploy is skipped when the new index is the one already live.
   */
  lastDeployFile?: string;
  log?: (line: string) => void;
}

export interface DeployResult {
  deployId: string;
  /** No deploy was made: the last one (lastDeployFile) had the same files. */
  skipped: boolean;
  state: string;
  /** Files of the site, and their bytes. */
  files: number;
  bytes: number;
  /** Digests Netlify asked for, files uploaded (every path of those digests) and their bytes. */
  required: number;
  uploaded: number;
  uploadedBytes: number;
  uploadedPaths: string[];
  /** Requests made to the API, retries included. */
  requests: number;
  /** Time of each part: hashing the files, creating the deploy (until `required`), uploading, waiting until ready. */
  ms: { hash: number; create: number; upload: number; wait: number; total: number };
}

export class NetlifyDeployError extends Error {}

interface Deploy {
  id: string;
  state: string;
  required?: string[] | null;
  error_message?: string | null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every file of the site that a deploy carries, by path with a leading slash. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(resolve(dir), { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = join(entry.parentPath, entry.name).slice(resolve(dir).length).split('\\').join('/');
    const parts = relative.split('/').filter(Boolean);
    // netlify-cli's default filter: no hidden files or folders (but .well-known), no node_modules
    if (parts.some((p) => (p.startsWith('.') && p !== '.well-known') || p === 'node_modules' || p.startsWith('__MACOSX'))) continue;
    files.push(`/${parts.join('/')}`);
  }
  return files.sort();
}

/** The problems Netlify would refuse the deploy for, in Spanish. */
export function deployProblems(paths: readonly string[]): string[] {
  const problems: string[] = [];
  const bad = paths.filter((p) => /[#?]/.test(p));
  if (bad.length > 0) problems.push(`Netlify no acepta # ni ? en el nombre de un archivo: ${bad.slice(0, 5).join(', ')}`);
  // a folder's entries are its files and its subfolders
  const entries = new Map<string, Set<string>>();
  for (const p of paths) {
    const parts = p.split('/').slice(1);
    for (let i = 0; i < parts.length; i++) {
      const folder = `/${parts.slice(0, i).join('/')}`;
      const names = entries.get(folder) ?? new Set<string>();
      names.add(parts[i] as string);
      entries.set(folder, names);
    }
  }
  for (const [folder, names] of entries)
    if (names.size > MAX_FILES_PER_FOLDER)
      problems.push(
        `La carpeta ${folder} tiene ${names.size.toLocaleString('es-MX')} entradas; Netlify rechaza más de ${MAX_FILES_PER_FOLDER.toLocaleString('es-MX')} en una carpeta.`,
      );
  return problems;
}

/** SHA-1 of every file, `parallel` files read at once. */
async function hashFiles(dir: string, paths: readonly string[], parallel = 64): Promise<{ digests: Map<string, string>; bytes: number }> {
  const digests = new Map<string, string>();
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++] as string;
      const body = await readFile(join(dir, path));
      bytes += body.length;
      digests.set(path, createHash('sha1').update(body).digest('hex'));
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, paths.length) }, worker));
  return { digests, bytes };
}

/** A file's path in the upload URL: without its leading slash, each segment URL-encoded. */
const uploadPath = (path: string) => path.slice(1).split('/').map(encodeURIComponent).join('/');

export async function deployToNetlify(opts: DeployOptions): Promise<DeployResult> {
  const api = (opts.apiUrl ?? NETLIFY_API_URL).replace(/\/+$/, '');
  const retries = opts.retries ?? 5;
  const retryDelayMs = opts.retryDelayMs ?? 2000;
  const pollMs = opts.pollMs ?? 1000;
  const log = opts.log ?? (() => undefined);
  let requests = 0;
  const started = performance.now();

  /** One API call, tried again on what may pass; its JSON answer. */
  async function call<T>(method: string, path: string, body: unknown, what: string, retryAuth = false): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      requests++;
      try {
        response = await fetch(`${api}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${opts.token}`,
            'user-agent': 'outlet-mx-deploy',
            ...(Buffer.isBuffer(body)
              ? { 'content-type': 'application/octet-stream' }
              : body
                ? { 'content-type': 'application/json' }
                : {}),
          },
          ...(body ? { body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body) } : {}),
        });
      } catch (error) {
        if (attempt < retries) {
          await wait(backoff(attempt));
          continue;
        }
        throw new NetlifyDeployError(
          `No se pudo contactar la API de Netlify (${api}) para ${what}: ${(error as Error).cause ?? (error as Error).message}`,
        );
      }
      if (response.ok) return (await response.json()) as T;
      const text = await response.text().catch(() => '');
      const message = (() => {
        try {
          return String((JSON.parse(text) as { message?: unknown }).message ?? text);
        } catch {
          return text;
        }
      })().slice(0, 300);
      const status = response.status;
      const again = status === 408 || status === 429 || status >= 500 || (retryAuth && status === 401);
      if (again && attempt < retries) {
        const reset = Number(response.headers.get('x-ratelimit-reset'));
        const untilReset = status === 429 && reset > 0 ? reset * 1000 - Date.now() + 250 : 0;
        await wait(Math.min(Math.max(untilReset, backoff(attempt)), 90_000));
        continue;
      }
      if (status === 401 || status === 403)
        throw new NetlifyDeployError(
          `Netlify rechazó el token (NETLIFY_AUTH_TOKEN) al ${what}: ${status} ${message}. Revisa el secreto del repositorio: un token personal de acceso de una cuenta con acceso al sitio.`,
        );
      if (status === 404 && path.startsWith(`/sites/${opts.siteId}`))
        throw new NetlifyDeployError(
          `Netlify no encuentra el sitio ${opts.siteId} (NETLIFY_SITE_ID) con este token al ${what}: revisa el id del sitio (Site configuration → Site ID).`,
        );
      throw new NetlifyDeployError(
        `Netlify respondió ${status} al ${what}${attempt > 0 ? ` (tras ${attempt + 1} intentos)` : ''}: ${message}`,
      );
    }
  }
  /** The wait before try `attempt + 2`: doubling from retryDelayMs, give or take half. */
  const backoff = (attempt: number) => Math.min(retryDelayMs * 2 ** attempt * (0.5 + Math.random()), 90_000);

  const paths = await listFiles(opts.dir);
  if (paths.length === 0) throw new NetlifyDeployError(`No hay archivos que publicar en ${opts.dir}.`);
  const problems = deployProblems(paths);
  if (problems.length > 0) throw new NetlifyDeployError(problems.join(' '));
  const { digests, bytes } = await hashFiles(opts.dir, paths);
  const hashed = performance.now();
  log(
    `Netlify: ${paths.length.toLocaleString('es-MX')} archivos (${(bytes / 1024 / 1024).toFixed(1)} MB) con su SHA-1 en ${((hashed - started) / 1000).toFixed(1)} s`,
  );

  // the same files as the last deploy made from here: nothing to deploy
  const fingerprint = createHash('sha1')
    .update(JSON.stringify([opts.siteId, opts.draft ?? false, ...paths.map((p) => [p, digests.get(p)])]))
    .digest('hex');
  if (opts.lastDeployFile) {
    const last = await readFile(opts.lastDeployFile, 'utf8').then(
      (text) => JSON.parse(text) as { fingerprint?: string; deployId?: string },
      () => null,
    );
    if (last?.fingerprint === fingerprint && last.deployId) {
      log(`Netlify: los mismos archivos que la publicación ${last.deployId}; no se publica de nuevo`);
      const total = Math.round(performance.now() - started);
      return {
        deployId: last.deployId,
        skipped: true,
        state: 'ready',
        files: paths.length,
        bytes,
        required: 0,
        uploaded: 0,
        uploadedBytes: 0,
        uploadedPaths: [],
        requests,
        ms: { hash: Math.round(hashed - started), create: 0, upload: 0, wait: 0, total },
      };
    }
  }

  const isAsync = paths.length > SYNC_FILE_LIMIT;
  let deploy = await call<Deploy>(
    'POST',
    `/sites/${opts.siteId}/deploys`,
    { files: Object.fromEntries(digests), draft: opts.draft ?? false, async: isAsync, ...(opts.title ? { title: opts.title } : {}) },
    'crear la publicación',
  );
  const deployPath = `/sites/${opts.siteId}/deploys/${deploy.id}`;
  /** Polls the deploy until `done` says so: quickly at first, then every pollMs. */
  const pollUntil = async (done: (d: Deploy) => boolean, timeoutMs: number, what: string) => {
    const limit = performance.now() + timeoutMs;
    for (let i = 0; !done(deploy); i++) {
      if (deploy.state === 'error')
        throw new NetlifyDeployError(`Netlify marcó la publicación ${deploy.id} con error: ${deploy.error_message ?? 'sin mensaje'}`);
      if (performance.now() > limit)
        throw new NetlifyDeployError(
          `La publicación ${deploy.id} de Netlify no llegó a ${what} en ${Math.round(timeoutMs / 60_000)} min (estado ${deploy.state}).`,
        );
      await wait(Math.min(pollMs, 100 * 2 ** i));
      deploy = await call<Deploy>('GET', deployPath, null, `consultar la publicación ${deploy.id}`);
    }
  };
  // an async deploy answers at once, 'preparing'; its `required` is known once it is 'prepared'
  await pollUntil((d) => d.state !== 'preparing' && d.state !== 'new', opts.timeoutMs ?? 1_200_000, "'prepared'");
  const created = performance.now();
  const required = new Set(deploy.required ?? []);
  const uploads = paths.filter((p) => required.has(digests.get(p) as string));
  log(
    `Netlify: publicación ${deploy.id} creada en ${((created - hashed) / 1000).toFixed(1)} s; pide ${required.size.toLocaleString('es-MX')} de ${new Set(digests.values()).size.toLocaleString('es-MX')} contenidos (${uploads.length.toLocaleString('es-MX')} archivos)`,
  );

  let uploadedBytes = 0;
  let next = 0;
  const uploader = async () => {
    while (next < uploads.length) {
      const path = uploads[next++] as string;
      const body = await readFile(join(opts.dir, path));
      await call(`PUT`, `/deploys/${deploy.id}/files/${uploadPath(path)}`, body, `subir ${path}`, true);
      uploadedBytes += body.length;
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 5, uploads.length) }, uploader));
  const uploaded = performance.now();
  if (uploads.length > 0)
    log(
      `Netlify: ${uploads.length.toLocaleString('es-MX')} archivos subidos (${(uploadedBytes / 1024 / 1024).toFixed(2)} MB) en ${((uploaded - created) / 1000).toFixed(1)} s`,
    );

  await pollUntil((d) => d.state === 'ready', opts.timeoutMs ?? 1_200_000, "'ready'");
  const ready = performance.now();
  if (opts.lastDeployFile) {
    await mkdir(dirname(opts.lastDeployFile), { recursive: true });
    await writeFile(opts.lastDeployFile, `${JSON.stringify({ fingerprint, deployId: deploy.id })}\n`);
  }
  log(
    `Netlify: publicación ${deploy.id} lista${opts.draft ? ' (borrador)' : ' y publicada'} en ${((ready - uploaded) / 1000).toFixed(1)} s`,
  );
  return {
    deployId: deploy.id,
    skipped: false,
    state: deploy.state,
    files: paths.length,
    bytes,
    required: required.size,
    uploaded: uploads.length,
    uploadedBytes,
    uploadedPaths: uploads,
    requests,
    ms: {
      hash: Math.round(hashed - started),
      create: Math.round(created - hashed),
      upload: Math.round(uploaded - created),
      wait: Math.round(ready - uploaded),
      total: Math.round(ready - started),
    },
  };
}
