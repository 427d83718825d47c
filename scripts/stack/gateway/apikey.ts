/**
 * The API-key check Supabase's gateway (Kong key-auth) does in front of every service: the `apikey`
 * header (or `?apikey=` query parameter) must be the project's anon or service_role key.
 *
 * Like Supabase, public Storage reads (`/storage/v1/object/public/...` and
 * `/storage/v1/render/image/public/...`) need no key: an <img src> cannot send headers. Nor do the
 * email links (`/auth/v1/verify`) and the local stack's outbox page. Nor do Edge Functions, whose
 * route has no key check on Supabase either: a function's own `verify_jwt` decides (functions.ts),
 * so a payment link opened in a browser and Mercado Pago's notices, which carry no key, reach the
 * functions that opt out of it.
 */
import type { MiddlewareHandler } from 'hono';
import { jsonResponse } from './errors.ts';

const PUBLIC_PATHS = [
  /^\/storage\/v1\/object\/public\//,
  /^\/storage\/v1\/render\/image\/public\//,
  // an email link opened in a browser, as on Supabase
  /^\/auth\/v1\/verify$/,
  // the local outbox (auth/mail.ts): a page of the local stack only
  /^\/outbox(\.json)?$/,
  // Edge Functions: their JWT check (or its absence, verify_jwt = false) is the only one
  /^\/functions\/v1\//,
];

export function requireApiKey(keys: { anonKey: string; serviceRoleKey: string }): MiddlewareHandler {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (c.req.method === 'OPTIONS' || PUBLIC_PATHS.some((re) => re.test(path))) return next();
    const apikey = c.req.header('apikey') ?? new URL(c.req.url).searchParams.get('apikey');
    if (!apikey) return jsonResponse(401, { message: 'No API key found in request' });
    if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey) return jsonResponse(401, { message: 'Invalid API key' });
    return next();
  };
}

/** The request's API key (after requireApiKey has accepted it), or null on public paths. */
export function apiKeyOf(req: Request): string | null {
  return req.headers.get('apikey') ?? new URL(req.url).searchParams.get('apikey');
}
