/** `/rest/v1/*` → PostgREST, streamed both ways, as Supabase's gateway proxies it. */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { apiKeyOf } from './apikey.ts';
import { jsonResponse } from './errors.ts';

/** Headers of one connection, not passed on by a proxy (and those the proxy sets itself). */
export const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'accept-encoding',
]);

/** Headers through which a client could claim another address; the gateway alone sets the address. */
export const CLIENT_ADDRESS_HEADERS = ['x-forwarded-for', 'cf-connecting-ip', 'x-real-ip', 'forwarded'];

/** The address of the socket the request came in on (undefined outside the Node server). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function restRoutes(restUrl: string): Hono {
  const app = new Hono();
  const base = restUrl.replace(/\/+$/, '');
  app.all('/*', async (c) => {
    const url = new URL(c.req.url);
    const upstream = base + (url.pathname.replace(/^\/rest\/v1/, '') || '/') + url.search;
    const headers = new Headers();
    for (const [name, value] of c.req.raw.headers) if (!HOP_BY_HOP.has(name)) headers.set(name, value);
    // Supabase's gateway sends the API key as the bearer token when the client sent none.
    if (!headers.has('authorization')) {
      const apikey = apiKeyOf(c.req.raw);
      if (apikey) headers.set('authorization', `Bearer ${apikey}`);
    }
    // As Supabase's edge does, PostgREST learns the client's address from X-Forwarded-For, set here
    // to the socket's address whatever the client sent (the database throttles analytics per address).
    for (const name of CLIENT_ADDRESS_HEADERS) headers.delete(name);
    const address = socketAddress(c);
    if (address) headers.set('x-forwarded-for', address);
    headers.set('accept-encoding', 'identity');
    headers.set('x-forwarded-host', url.host);
    headers.set('x-forwarded-proto', url.protocol.replace(':', ''));
    const hasBody = c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.raw.body !== null;
    let res: Response;
    try {
      res = await fetch(upstream, {
        method: c.req.method,
        headers,
        body: hasBody ? c.req.raw.body : null,
        redirect: 'manual',
        signal: c.req.raw.signal,
        ...(hasBody ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      // A client that went away (a closed tab, a superseded request) aborts its upstream call: nothing failed.
      if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
      console.error('[gateway] PostgREST unreachable:', (error as Error).message);
      return jsonResponse(502, { message: 'An invalid response was received from the upstream server' });
    }
    const out = new Headers();
    for (const [name, value] of res.headers) if (!HOP_BY_HOP.has(name) || name === 'content-length') out.append(name, value);
    return new Response(c.req.method === 'HEAD' ? null : res.body, { status: res.status, statusText: res.statusText, headers: out });
  });
  return app;
}
