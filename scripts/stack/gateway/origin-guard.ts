/**
 * What keeps web pages away from a stack left running on a laptop. Before anything else:
 * - the Host header must name this gateway (127.0.0.1, localhost or [::1] on its port), so a page
 *   whose domain has been pointed at 127.0.0.1 (DNS rebinding) is refused even on same-origin GETs;
 * - a browser request from another origin (any Origin header not in the allowed list, `null`
 *   included) is refused, so no other site can call the API, with or without the keys.
 * Requests without an Origin header (servers, scripts, the shop's build) are not browsers' cross-site
 * requests and pass.
 */
import type { MiddlewareHandler } from 'hono';
import { jsonResponse } from './errors.ts';

export interface OriginGuardOptions {
  /** The gateway's own base URL, e.g. http://127.0.0.1:54321. */
  publicUrl: string;
  /** Browser origins allowed to call the API. */
  allowedOrigins: readonly string[];
}

export function guardOrigin(opts: OriginGuardOptions): MiddlewareHandler {
  const own = new URL(opts.publicUrl);
  const port = own.port || (own.protocol === 'https:' ? '443' : '80');
  const hosts = new Set([own.host, `127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  const origins = new Set([own.origin, ...opts.allowedOrigins.map((o) => new URL(o).origin)]);
  return async (c, next) => {
    const host = c.req.header('host')?.toLowerCase();
    if (!host || !hosts.has(host)) return jsonResponse(421, { message: 'Host no permitido' });
    const origin = c.req.header('origin');
    if (origin !== undefined && !origins.has(origin)) return jsonResponse(403, { message: 'Origen no permitido' });
    return next();
  };
}
