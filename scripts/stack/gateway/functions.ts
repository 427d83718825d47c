/**
 * `/functions/v1/<name>[/...]` → the handler of `supabase/functions/<name>`.
 *
 * Convention for every Edge Function folder (so the same code runs deployed and locally):
 *
 *   supabase/functions/<name>/handler.ts
 *     export default async function handler(req: Request): Promise<Response> { ... }
 *     Pure fetch API (Request/Response, fetch, crypto, URL): no Deno.* and no node:* imports, so it
 *     runs in Deno (Supabase Edge Runtime) and in Node (this gateway). Read configuration with a small
 *     env helper: `globalThis.Deno?.env.get(k) ?? globalThis.process?.env[k]`.
 *   supabase/functions/<name>/index.ts
 *     import handler from './handler.ts';
 *     Deno.serve(handler);
 *
 * The gateway imports handler.ts once (dynamic import, cached) after setting process.env
 * SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY (what the Edge Runtime provides),
 * and calls it with a Request carrying the original method, headers and body. As in Supabase the
 * function sees the URL `<origin>/<name>/<rest>?<query>`.
 *
 * JWT verification as Supabase does by default: the Authorization bearer must be a JWT signed with
 * the project secret (anon key, service key or a user's access token), unless supabase/config.toml
 * has `[functions.<name>]` with `verify_jwt = false`. Its refusals keep Supabase's codes, with Spanish
 * messages: the back office shows them to a person.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { jsonResponse } from './errors.ts';
import { bearerToken, type JwtTool } from './jwt.ts';

type Handler = (req: Request) => Response | Promise<Response>;

interface FunctionsDeps {
  functionsDir: string;
  jwt: JwtTool;
  env: Record<string, string>;
}

const NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Function names with `verify_jwt = false` in supabase/config.toml (next to the functions folder). */
function jwtOptOuts(functionsDir: string): Set<string> {
  const out = new Set<string>();
  const config = join(resolve(functionsDir), '..', 'config.toml');
  if (!existsSync(config)) return out;
  let current: string | null = null;
  for (const line of readFileSync(config, 'utf8').split('\n')) {
    const section = /^\s*\[functions\.([A-Za-z0-9_-]+)\]\s*$/.exec(line);
    if (section) current = section[1]!;
    else if (/^\s*\[/.test(line)) current = null;
    else if (current && /^\s*verify_jwt\s*=\s*false\b/.test(line)) out.add(current);
  }
  return out;
}

export function functionsRoutes(deps: FunctionsDeps): Hono {
  const app = new Hono();
  const dir = resolve(deps.functionsDir);
  const cache = new Map<string, Promise<Handler>>();
  const optOuts = jwtOptOuts(dir);

  function load(name: string): Promise<Handler> {
    let loaded = cache.get(name);
    if (!loaded) {
      Object.assign(process.env, deps.env);
      loaded = import(pathToFileURL(join(dir, name, 'handler.ts')).href).then((mod: { default?: unknown }) => {
        if (typeof mod.default !== 'function') throw new Error(`${name}/handler.ts has no default export function`);
        return mod.default as Handler;
      });
      loaded.catch(() => cache.delete(name));
      cache.set(name, loaded);
    }
    return loaded;
  }

  app.all('/:name/*', async (c) => {
    const name = c.req.param('name');
    if (!NAME_RE.test(name) || !existsSync(join(dir, name, 'handler.ts'))) {
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'La función no existe.' });
    }
    if (!optOuts.has(name)) {
      const token = bearerToken(c.req.raw);
      if (!token)
        return jsonResponse(401, { code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Falta el encabezado Authorization: inicia sesión.' });
      try {
        await deps.jwt.verify(token);
      } catch {
        return jsonResponse(401, { code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'La sesión no es válida. Inicia sesión de nuevo.' });
      }
    }
    let handler: Handler;
    try {
      handler = await load(name);
    } catch (error) {
      console.error(`[gateway] function ${name} failed to load:`, error);
      return jsonResponse(503, { code: 'BOOT_ERROR', message: 'La función no pudo arrancar (revisa el registro del servidor).' });
    }
    const incoming = new URL(c.req.url);
    const url = `${incoming.origin}${incoming.pathname.replace(/^\/functions\/v1/, '')}${incoming.search}`;
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    const req = new Request(url, {
      method: c.req.method,
      headers: c.req.raw.headers,
      body: hasBody ? c.req.raw.body : null,
      signal: c.req.raw.signal,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit);
    try {
      const res = await handler(req);
      if (!(res instanceof Response)) throw new Error(`${name} did not return a Response`);
      return res;
    } catch (error) {
      console.error(`[gateway] function ${name} threw:`, error);
      return jsonResponse(500, { code: 'WORKER_ERROR', message: 'La función terminó con un error (revisa el registro del servidor).' });
    }
  });

  return app;
}
