/**
 * `/functions/v1/<name>[/...]` → the Deno server of `supabase/functions/<name>`, as Supabase's API
 * gateway forwards to the Edge Runtime.
 *
 * Every function folder with an index.ts (folders starting with `_`, such as `_shared`, are not
 * functions) runs in its own Deno process (../functions/process.ts) that is started with the
 * gateway, with the environment the platform gives functions (SUPABASE_URL, SUPABASE_ANON_KEY,
 * SUPABASE_SERVICE_ROLE_KEY, and SUPABASE_DB_URL to the few that connect to the database directly)
 * plus that function's own secrets and nothing else. A process that has
 * ended is started again by the next call to it.
 *
 * What the function sees, as in Supabase: the caller's method, headers and body, at the URL
 * `<its server>/<name>/<rest>?<query>` (the `/functions/v1` prefix removed), without the headers of
 * the connection itself (rest.ts's HOP_BY_HOP), with X-Forwarded-For (the caller's address),
 * X-Forwarded-Host, X-Forwarded-Proto and X-Forwarded-Prefix naming the public address. Its answer is
 * passed back as it is.
 *
 * JWT verification as Supabase does by default: except for OPTIONS (CORS preflight), the
 * Authorization bearer must be a JWT signed with the project secret (anon key, service key or a
 * user's access token), unless supabase/config.toml has `[functions.<name>]` with
 * `verify_jwt = false`. Its refusals keep Supabase's codes, with Spanish messages: the back office
 * shows them to a person. A function that cannot start answers 503 BOOT_ERROR.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Hono } from 'hono';
import { jwtOptOuts } from '../functions/config.ts';
import { type FunctionProcess, startFunctionProcess } from '../functions/process.ts';
import { DATABASE_FUNCTIONS, FUNCTION_HOSTS, FUNCTION_SECRETS, secretHosts } from '../functions/secrets.ts';
import { jsonResponse } from './errors.ts';
import { bearerToken, type JwtTool } from './jwt.ts';
import { CLIENT_ADDRESS_HEADERS, HOP_BY_HOP, socketAddress } from './rest.ts';

export interface FunctionsDeps {
  functionsDir: string;
  jwt: JwtTool;
  /** What the platform gives every function: SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY. */
  env: Record<string, string>;
  /** The database as `postgres`: SUPABASE_DB_URL, given only to DATABASE_FUNCTIONS (../functions/secrets.ts). */
  dbUrl: string;
  /** Each function's own secrets, by function name (../functions/secrets.ts). */
  secrets: Record<string, Record<string, string>>;
}

export interface FunctionsRoutes {
  app: Hono;
  /** Settles when every function has started or failed to (failures are logged and answered 503). */
  ready: Promise<void>;
  /** Stops every function process and waits for each to end. */
  close(): Promise<void>;
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The function folders: a name Supabase accepts, not starting with `_`, holding an index.ts. */
function functionNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && NAME_RE.test(d.name) && existsSync(join(dir, d.name, 'index.ts')))
    .map((d) => d.name);
}

export function functionsRoutes(deps: FunctionsDeps): FunctionsRoutes {
  const app = new Hono();
  const dir = resolve(deps.functionsDir);
  const names = new Set(functionNames(dir));
  const optOuts = jwtOptOuts(join(dir, '..', 'config.toml'));
  const running = new Map<string, Promise<FunctionProcess>>();
  let closed = false;

  function serverOf(name: string): Promise<FunctionProcess> {
    if (closed) return Promise.reject(new Error('the gateway is closing'));
    let server = running.get(name);
    if (!server) {
      server = startFunctionProcess({
        functionsDir: dir,
        name,
        env: { ...deps.env, ...(DATABASE_FUNCTIONS.has(name) ? { SUPABASE_DB_URL: deps.dbUrl } : {}), ...deps.secrets[name] },
        secretNames: FUNCTION_SECRETS[name] ?? [],
        hosts: [...(FUNCTION_HOSTS[name] ?? []), ...secretHosts(deps.secrets[name] ?? {})],
      });
      running.set(name, server);
      const forget = () => {
        if (running.get(name) === server) running.delete(name);
      };
      server.then((started) => started.exited.then(forget), forget);
    }
    return server;
  }

  const ready = Promise.all(
    [...names].map((name) =>
      serverOf(name).then(
        () => undefined,
        (error: unknown) => console.error(`[gateway] function ${name} failed to start:`, error),
      ),
    ),
  ).then(() => undefined);

  app.all('/:name/*', async (c) => {
    const name = c.req.param('name');
    if (!names.has(name) || closed) {
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'La función no existe.' });
    }
    if (c.req.method !== 'OPTIONS' && !optOuts.has(name)) {
      const token = bearerToken(c.req.raw);
      if (!token)
        return jsonResponse(401, { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Falta el encabezado Authorization: inicia sesión.' });
      try {
        await deps.jwt.verify(token);
      } catch {
        return jsonResponse(401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'La sesión no es válida. Inicia sesión de nuevo.' });
      }
    }
    let server: FunctionProcess;
    try {
      server = await serverOf(name);
    } catch (error) {
      console.error(`[gateway] function ${name} failed to start:`, error);
      return jsonResponse(503, { code: 'BOOT_ERROR', message: 'La función no pudo arrancar (revisa el registro del servidor).' });
    }
    const incoming = new URL(c.req.url);
    const headers = new Headers();
    for (const [key, value] of c.req.raw.headers) if (!HOP_BY_HOP.has(key)) headers.set(key, value);
    // the caller's address is the socket's, whatever the caller claims
    for (const key of CLIENT_ADDRESS_HEADERS) headers.delete(key);
    const address = socketAddress(c);
    if (address) headers.set('x-forwarded-for', address);
    headers.set('x-forwarded-host', incoming.host);
    headers.set('x-forwarded-proto', incoming.protocol.replace(/:$/, ''));
    headers.set('x-forwarded-prefix', '/functions/v1');
    // the answer is passed on as the function wrote it, so it must not come compressed by Deno.serve
    headers.set('accept-encoding', 'identity');
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    try {
      const res = await fetch(`${server.url}${incoming.pathname.replace(/^\/functions\/v1/, '')}${incoming.search}`, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : null,
        signal: c.req.raw.signal,
        redirect: 'manual',
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
      const out = new Headers();
      for (const [key, value] of res.headers) if (!HOP_BY_HOP.has(key) || key === 'content-length') out.append(key, value);
      return new Response(c.req.method === 'HEAD' ? null : res.body, { status: res.status, statusText: res.statusText, headers: out });
    } catch (error) {
      console.error(`[gateway] function ${name} did not answer:`, error);
      return jsonResponse(503, { code: 'BOOT_ERROR', message: 'La función no respondió (revisa el registro del servidor).' });
    }
  });

  return {
    app,
    ready,
    close: async () => {
      closed = true;
      const servers = await Promise.allSettled(running.values());
      await Promise.all(servers.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)));
    },
  };
}
