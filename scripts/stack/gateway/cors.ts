/** CORS as Supabase's API gateway answers it: any origin, the headers supabase-js sends, preflight. */
import type { MiddlewareHandler } from 'hono';

const ALLOW_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'prefer',
  'range',
  'accept',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'cache-control',
  'x-supabase-api-version',
  'x-region',
  'x-metadata',
  'if-none-match',
  'if-match',
  'content-length',
  'x-retry-count',
].join(', ');
const EXPOSE_HEADERS = [
  'content-range',
  'content-length',
  'content-type',
  'content-location',
  'content-profile',
  'location',
  'preference-applied',
  'range-unit',
  'etag',
  'last-modified',
  'cache-control',
  'x-total-count',
  'link',
  'x-supabase-api-version',
  'x-relay-error',
  'x-transform-cache',
  'sb-gateway-version',
].join(', ');
const ALLOW_METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';

export function cors(): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin') ?? '*';
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 200,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': ALLOW_METHODS,
          'access-control-allow-headers': c.req.header('access-control-request-headers') ?? ALLOW_HEADERS,
          'access-control-max-age': '3600',
          vary: 'Origin, Access-Control-Request-Headers',
          'content-length': '0',
        },
      });
    }
    await next();
    // Responses from fetch() (the PostgREST proxy) have immutable headers: copy into a fresh one.
    const res = new Response(c.res.body, c.res);
    res.headers.set('access-control-allow-origin', origin);
    res.headers.set('access-control-allow-credentials', 'true');
    res.headers.set('access-control-expose-headers', EXPOSE_HEADERS);
    res.headers.append('vary', 'Origin');
    c.res = undefined as unknown as Response;
    c.res = res;
    return undefined;
  };
}
