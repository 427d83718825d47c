/**
 * The local Supabase-compatible HTTP gateway: one port with Supabase's URL layout.
 *
 *   /rest/v1/*       → PostgREST (rest.ts)
 *   /auth/v1/*       → GoTrue subset: password sign-in, refresh, user, logout, admin users (auth.ts)
 *   /storage/v1/*    → Storage subset on disk, RLS-checked, image transformation (storage.ts)
 *   /functions/v1/*  → supabase/functions/<name>, each in its own Deno process (functions.ts)
 *
 * In front of all of them: the Host and Origin check that keeps other web pages out
 * (origin-guard.ts), then, as Supabase's API gateway does, CORS (cors.ts) and the apikey check
 * (apikey.ts). Every error is JSON.
 */
import { join } from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireApiKey } from './apikey.ts';
import { authRoutes } from './auth.ts';
import { pgHookFunction } from './auth/hooks.ts';
import { type OutboxMail, outboxPage } from './auth/mail.ts';
import { cors } from './cors.ts';
import { createPool, urlAs } from './db.ts';
import { errorResponse, jsonResponse } from './errors.ts';
import { functionsRoutes } from './functions.ts';
import { type LocalServices, secretsFromEnv } from '../functions/secrets.ts';
import type { VapidKeys } from '../vapid.ts';
import { createJwtTool } from './jwt.ts';
import { startMailCatcher } from './mail-catcher.ts';
import { guardOrigin } from './origin-guard.ts';
import { restRoutes } from './rest.ts';
import { storageRoutes } from './storage.ts';

export interface GatewayOptions {
  /** PostgREST base URL, e.g. http://127.0.0.1:54329 */
  restUrl: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The database as `postgres`; Auth and Storage connect to it as their own roles (db.ts). */
  dbUrl: string;
  /** Where object files live on disk (<storageDir>/<bucket>/<path>). */
  storageDir: string;
  /** supabase/functions */
  functionsDir: string;
  /**
   * Each function's own secrets by function name; defaults to those of this process's environment
   * (functions/secrets.ts). A function of the local services (the mail catcher's port, the VAPID keys)
   * when the secrets must name them.
   */
  functionSecrets?: Record<string, Record<string, string>> | ((local: LocalServices) => Record<string, Record<string, string>>);
  /** The data folder's VAPID keys, which send-alerts signs with unless the environment names others. */
  vapid?: VapidKeys;
  /** The port of the stack's SMTP server (the mail catcher); any free one when not given. */
  mailPort?: number;
  /** The gateway's public base URL, e.g. http://127.0.0.1:54321, used in URLs and JWT issuers. */
  publicUrl: string;
  /** Where the stack's messages go (the email links of auth/mail.ts among them). */
  log?: (line: string) => void;
  /** Browser origins allowed to call the API besides the gateway's own (origin-guard.ts). */
  allowedOrigins?: readonly string[];
  /** Disk the image transformation's variants may take (render-cache.ts). */
  renderCacheBytes?: number;
  /** Failed password sign-ins allowed per client address in 5 minutes (auth.ts). */
  authFailuresPerAddress?: number;
}

/**
 * Largest request bodies, per service: a PostgREST write (the bulk seed sends 1,000 products at a
 * time), an Auth call (an email and a password), an Edge Function call (a batch of 50 CSV rows).
 * Storage uploads have their own limit, the bucket's. A larger body is refused with 413 before it is read.
 */
export const BODY_LIMITS = { rest: 8 * 1024 * 1024, auth: 64 * 1024, functions: 2 * 1024 * 1024 } as const;

/**
 * Reads and discards what remains of a refused body, up to 16 MB, so the client (still sending it)
 * receives the 413 instead of a connection cut mid-upload. Anything larger is simply cut.
 */
async function discardBody(body: ReadableStream<Uint8Array> | null): Promise<void> {
  if (!body) return;
  const reader = body.getReader();
  let read = 0;
  try {
    while (read < 16 * 1024 * 1024) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // the client went away: nothing left to answer
  }
}

const tooLarge = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: async (c) => {
      if (!c.req.raw.bodyUsed) await discardBody(c.req.raw.body);
      return jsonResponse(413, { message: `El cuerpo de la solicitud supera ${Math.round(maxSize / 1024)} KB` });
    },
  });

export function createGateway(opts: GatewayOptions & { outbox?: OutboxMail[]; local?: LocalServices }): {
  app: Hono;
  ready: Promise<void>;
  close(): Promise<void>;
} {
  const authPool = createPool(urlAs(opts.dbUrl, 'supabase_auth_admin'));
  const storagePool = createPool(urlAs(opts.dbUrl, 'supabase_storage_admin'));
  // GoTrue hashes passwords itself (bcrypt); here pgcrypto does it, which only postgres may call.
  const hashPool = createPool(opts.dbUrl);
  const jwt = createJwtTool(opts.jwtSecret);
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const app = new Hono();

  app.use('*', guardOrigin({ publicUrl, allowedOrigins: opts.allowedOrigins ?? [] }));
  app.use('*', cors());
  app.use('*', requireApiKey(opts));
  app.use('/rest/v1/*', tooLarge(BODY_LIMITS.rest));
  app.use('/auth/v1/*', tooLarge(BODY_LIMITS.auth));
  app.use('/functions/v1/*', tooLarge(BODY_LIMITS.functions));
  app.route('/rest/v1', restRoutes(opts.restUrl));
  const outbox: OutboxMail[] = opts.outbox ?? [];
  app.get('/outbox', (c) => c.html(outboxPage(outbox)));
  app.get('/outbox.json', (c) => c.json(outbox));
  app.route(
    '/auth/v1',
    authRoutes({
      pool: authPool,
      hashPool,
      jwt,
      publicUrl,
      siteOrigins: opts.allowedOrigins ?? [],
      outbox,
      log: opts.log ?? ((line) => console.log(line)),
      mfaVerificationHook: pgHookFunction(join(opts.functionsDir, '..', 'config.toml'), 'mfa_verification_attempt'),
      ...(opts.authFailuresPerAddress === undefined ? {} : { failuresPerAddress: opts.authFailuresPerAddress }),
    }),
  );
  app.route(
    '/storage/v1',
    storageRoutes({
      pool: storagePool,
      jwt,
      storageDir: opts.storageDir,
      ...(opts.renderCacheBytes === undefined ? {} : { renderCacheBytes: opts.renderCacheBytes }),
    }),
  );
  const functions = functionsRoutes({
    functionsDir: opts.functionsDir,
    jwt,
    // what the Edge Runtime gives every function; each also gets its own secrets, and nothing else
    env: { SUPABASE_URL: publicUrl, SUPABASE_ANON_KEY: opts.anonKey, SUPABASE_SERVICE_ROLE_KEY: opts.serviceRoleKey },
    dbUrl: opts.dbUrl,
    secrets:
      typeof opts.functionSecrets === 'function'
        ? opts.functionSecrets(opts.local ?? {})
        : (opts.functionSecrets ?? secretsFromEnv(process.env, opts.local ?? {})),
  });
  app.route('/functions/v1', functions.app);
  app.notFound(() => jsonResponse(404, { message: 'no Route matched with those values' }));
  app.onError((error) => errorResponse(error));

  let closed = false;
  return {
    app,
    ready: functions.ready,
    close: async () => {
      if (closed) return;
      closed = true;
      await functions.close();
      await Promise.all([authPool.end(), storagePool.end(), hashPool.end()]);
    },
  };
}

export async function serveGateway(
  opts: GatewayOptions & { port: number; host?: string },
): Promise<{ close(): Promise<void>; mailPort: number; outbox: OutboxMail[] }> {
  // the stack's SMTP server first: the alerts function's secrets name its port
  const outbox: OutboxMail[] = [];
  const mail = await startMailCatcher({
    outbox,
    ...(opts.mailPort ? { port: opts.mailPort } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  });
  const local: LocalServices = {
    mailPort: mail.port,
    ...(opts.vapid ? { vapid: opts.vapid } : {}),
    ...(opts.allowedOrigins?.[0] ? { site: opts.allowedOrigins[0] } : {}),
  };
  let gateway: ReturnType<typeof createGateway>;
  try {
    gateway = createGateway({ ...opts, outbox, local });
  } catch (error) {
    await mail.close();
    throw error;
  }
  const server = createAdaptorServer({ fetch: gateway.app.fetch });
  const host = opts.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException) => {
        server.off('listening', onListening);
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`El puerto ${opts.port} (API de Supabase) está ocupado. Libéralo o elige otro con SUPABASE_PORT=<puerto>.`)
            : error,
        );
      };
      const onListening = () => {
        server.off('error', onError);
        resolve();
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(opts.port, host);
    });
  } catch (error) {
    await gateway.close();
    await mail.close();
    throw error;
  }
  await gateway.ready;
  return {
    mailPort: mail.port,
    outbox,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
      });
      await gateway.close();
      await mail.close();
    },
  };
}
