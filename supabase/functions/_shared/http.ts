/**
 * What every Edge Function of the shop shares: its secrets, JSON answers with CORS, and who is
 * calling. This folder's name starts with `_`, so it is never served nor deployed as a function.
 */

/** 'unavailable': Auth could not answer (the database down or restarting), which says nothing of the session. */
export type Caller = 'service' | 'admin' | 'user' | 'invalid' | 'unavailable';

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

/** Who holds this bearer token: the service role, an admin (an owner or an editor), anyone else, or nobody valid. */
export async function callerOf(token: string): Promise<Caller> {
  if (token === required('SUPABASE_SERVICE_ROLE_KEY')) return 'service';
  let res: Response;
  try {
    res = await fetch(`${required('SUPABASE_URL')}/auth/v1/user`, {
      headers: { apikey: required('SUPABASE_ANON_KEY'), authorization: `Bearer ${token}` },
    });
  } catch {
    return 'unavailable';
  }
  // Only Auth's refusal means a bad session; its own failure must not send an admin to sign in again.
  if (res.status >= 500) return 'unavailable';
  if (!res.ok) return 'invalid';
  const user = (await res.json()) as { app_metadata?: { role?: unknown } };
  // owners and editors change the catalogue (the database checks the same, with the second factor)
  const role = user.app_metadata?.role;
  return role === 'owner' || role === 'editor' ? 'admin' : 'user';
}

/**
 * Only an admin or the service role gets past: the token and its caller, or the answer to give
 * (401 without a valid session, 403 for anyone else, 503 when Auth itself cannot answer).
 */
export async function adminOnly(req: Request): Promise<{ token: string; caller: 'service' | 'admin' } | Response> {
  const token = bearerOf(req);
  if (!token) return json(401, { error: 'Inicia sesión como administrador.' });
  const caller = await callerOf(token);
  if (caller === 'unavailable') {
    return json(503, { error: 'El servidor no responde y no se pudo comprobar la sesión. Inténtalo de nuevo en unos momentos.' });
  }
  if (caller === 'invalid') return json(401, { error: 'La sesión no es válida. Inicia sesión de nuevo.' });
  if (caller === 'user') return json(403, { error: 'No autorizado' });
  return { token, caller };
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
export async function serviceRpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const key = required('SUPABASE_SERVICE_ROLE_KEY');
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
