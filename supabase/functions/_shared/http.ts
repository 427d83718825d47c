/**
 * What every Edge Function of the shop shares: its secrets, JSON answers with CORS, and who is
 * calling. This folder's name starts with `_`, so it is never served nor deployed as a function.
 */

/** A variable of the function's environment: the platform's SUPABASE_* or one of its own secrets. */
export const env = (key: string): string | undefined => Deno.env.get(key);

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...CORS, 'content-type': 'application/json' } });
}

export function required(key: string): string {
  const value = env(key);
  if (!value) throw new Error(`Falta la variable ${key} de la función.`);
  return value;
}

/** The bearer token of the request, or undefined when there is none. */
export function bearerOf(req: Request): string | undefined {
  return /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim() || undefined;
}

/** A back-office role, as the database names it (private.staff_role). */
export type StaffRole = 'owner' | 'editor' | 'analyst';

/**
 * Who holds a bearer token: the service role; a signed-in person and their back-office role (null
 * when they have none now); nobody valid ('invalid'); or 'unavailable' when the database could not
 * answer, which says nothing of the session.
 */
export type Caller = { kind: 'service' } | { kind: 'person'; id: string; role: StaffRole | null } | 'invalid' | 'unavailable';

/** The claims of a token the database has already verified (its signature and expiry). */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Who holds this bearer token, asked of the database with the token itself: public.staff_role, the
 * same rule row-level security applies to every API request. It reads the person's account as it is
 * now (role, deactivated or not) and the session's two-step level, so a deactivated account, or a
 * password-only session of a person with a verified second factor, has no role whatever its token
 * says. The token's own claims are never trusted for the role.
 */
export async function callerOf(token: string): Promise<Caller> {
  if (token === required('SUPABASE_SERVICE_ROLE_KEY')) return { kind: 'service' };
  let res: Response;
  try {
    res = await fetch(`${required('SUPABASE_URL')}/rest/v1/rpc/staff_role`, {
      method: 'POST',
      headers: { apikey: required('SUPABASE_ANON_KEY'), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
  } catch {
    return 'unavailable';
  }
  // PostgREST refuses a token it cannot verify (forged, expired) with 401
  if (res.status === 401 || res.status === 403) return 'invalid';
  if (!res.ok) return 'unavailable';
  const role = (await res.json()) as unknown;
  const claims = claimsOf(token);
  // the shop's public key, or any token that is not a signed-in person's session
  if (claims['role'] !== 'authenticated' || typeof claims['sub'] !== 'string') return 'invalid';
  return { kind: 'person', id: claims['sub'], role: role === 'owner' || role === 'editor' || role === 'analyst' ? role : null };
}

/**
 * Only the service role or a person whose role is one of `roles` gets past: the token and its
 * caller, or the answer to give (401 without a valid session, 403 for anyone else, 503 when the
 * database cannot answer).
 */
export async function staffOnly(
  req: Request,
  roles: readonly StaffRole[],
  refusals: { signIn: string; forbidden: string },
): Promise<{ token: string; caller: { kind: 'service' } | { kind: 'person'; id: string; role: StaffRole } } | Response> {
  const token = bearerOf(req);
  if (!token) return json(401, { error: refusals.signIn });
  const caller = await callerOf(token);
  if (caller === 'unavailable') {
    return json(503, { error: 'El servidor no responde y no se pudo comprobar la sesión. Inténtalo de nuevo en unos momentos.' });
  }
  if (caller === 'invalid') return json(401, { error: 'La sesión no es válida. Inicia sesión de nuevo.' });
  if (caller.kind === 'service') return { token, caller };
  if (caller.role === null || !roles.includes(caller.role)) return json(403, { error: refusals.forbidden });
  return { token, caller: { kind: 'person', id: caller.id, role: caller.role } };
}

/** Only an admin (an owner or an editor, as the database says) or the service role gets past. */
export function adminOnly(req: Request) {
  return staffOnly(req, ['owner', 'editor'], { signIn: 'Inicia sesión como administrador.', forbidden: 'No autorizado' });
}

/**
 * What PostgREST's error body says: the SQLSTATE, and the message when a database function of the
 * shop wrote it (its own exceptions are Spanish and start with a capital letter, ¡ or ¿; Postgres's
 * own start in lowercase English and are never shown to a person). Null when the body is not JSON.
 */
export function databaseError(text: string): { code: string; spanish: string | null } | null {
  try {
    const body = JSON.parse(text) as { message?: unknown; code?: unknown };
    const spanish = typeof body.message === 'string' && /^[A-ZÁÉÍÓÚÑ¡¿]/.test(body.message) ? body.message : null;
    return { code: typeof body.code === 'string' ? body.code : '', spanish };
  } catch {
    return null;
  }
}

/** A database function's refusal: PostgREST's status and the function's own message. */
export class RpcError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    text: string,
    name: string,
  ) {
    super(`${name}: ${status} ${text}`);
  }
}

/** Calls a database function with the service role (these functions are not open to anyone else). */
export function serviceRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  return rpcWith<T>(required('SUPABASE_SERVICE_ROLE_KEY'), name, args);
}

/** Calls a database function open to shoppers with the shop's public key: no more rights than a shopper's. */
export function publicRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  return rpcWith<T>(required('SUPABASE_ANON_KEY'), name, args);
}

async function rpcWith<T>(key: string, name: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${required('SUPABASE_URL')}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) {
    let reason = '';
    try {
      reason = String((JSON.parse(text) as { message?: unknown }).message ?? '');
    } catch {
      // not PostgREST's JSON: the status says it all
    }
    throw new RpcError(res.status, reason, text, name);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** Reads the API with the service role (GET /rest/v1/<path>), e.g. `orders?id=eq.<id>&select=…`. */
export async function serviceRead<T>(path: string): Promise<T> {
  const key = required('SUPABASE_SERVICE_ROLE_KEY');
  const res = await fetch(`${required('SUPABASE_URL')}/rest/v1/${path}`, {
    headers: { apikey: key, authorization: `Bearer ${key}`, accept: 'application/json' },
  });
  const text = await res.text();
  if (!res.ok) throw new RpcError(res.status, '', text, path.split('?')[0] ?? path);
  return JSON.parse(text) as T;
}
