/**
 * admin-users: the 'Equipo' screen's calls to Supabase Auth's admin API, which needs the service key
 * and so never runs in the browser.
 *
 * Who may call it: an owner, as the database says (_shared/http.ts callerOf, with the caller's own
 * session, so a deactivated owner or one without their second factor is refused). No session: 401;
 * anyone else, the service key included: 403.
 *
 * Body: { "action": …, … }
 *   list                                   the team: every account with a role
 *   invite { email, role, redirect_to }    creates the account and mails an invitation link
 *   set_role { user_id, role }             changes a person's role
 *   deactivate { user_id }                 the person can no longer sign in nor act (a ban)
 *   reactivate { user_id }
 *   reset_password { user_id, redirect_to } mails the person a link to choose a new password
 *   reset_two_factor { user_id }          removes the person's authenticator apps (a lost phone): they
 *                                          sign in with their password and enrol one again
 * Every change is written to the history (public.record_team_change, which only the service role
 * may call, naming the calling owner). The
 * shop always keeps an active owner: a change that would leave none is refused (team.ts), and
 * nobody deactivates their own account. Refusals are 4xx with a Spanish `error`.
 */
import { bearerOf, CORS, json, required, serviceRpc, staffOnly } from '../_shared/http.ts';
import { type AuthUser, isRole, lastOwnerRefusal, members } from './team.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A ban long enough to mean "deactivated" (Supabase Auth takes a duration). */
const DEACTIVATED = '876000h';

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Supabase Auth with the service key: its JSON, or a Refusal carrying its error code. */
async function auth<T>(path: string, init: { method?: string; body?: unknown; key?: 'service' | 'anon' } = {}): Promise<T> {
  const key = required(init.key === 'anon' ? 'SUPABASE_ANON_KEY' : 'SUPABASE_SERVICE_ROLE_KEY');
  const res = await fetch(`${required('SUPABASE_URL')}/auth/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!res.ok) {
    const code = String(body['error_code'] ?? body['code'] ?? '');
    if (code === 'email_exists') throw new Refusal(409, 'Ya hay una cuenta con ese correo.');
    if (res.status === 429) throw new Refusal(429, 'Se enviaron demasiados correos a esa dirección. Inténtalo de nuevo en una hora.');
    if (code === 'user_not_found') throw new Refusal(404, 'Esa persona ya no existe.');
    throw new Error(`Auth ${res.status} ${code}: ${String(body['msg'] ?? body['message'] ?? text)}`);
  }
  return body as T;
}

async function allUsers(): Promise<AuthUser[]> {
  const users: AuthUser[] = [];
  for (let page = 1; ; page++) {
    const batch = await auth<{ users: AuthUser[] }>(`/admin/users?page=${page}&per_page=1000`);
    users.push(...batch.users);
    if (batch.users.length < 1000) return users;
  }
}

/** Writes a change of the team to the history for the owner who made it (only the service role may). */
async function record(ownerId: string, action: string, email: string, before: unknown, after: unknown): Promise<void> {
  await serviceRpc('record_team_change', {
    p_actor: ownerId,
    p_action: action,
    p_email: email,
    p_before: before ?? null,
    p_after: after ?? null,
  });
}

function userIdOf(body: Record<string, unknown>): string {
  const id = body['user_id'];
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new Refusal(400, 'Falta la persona.');
  return id;
}

function redirectOf(body: Record<string, unknown>): string {
  const url = body['redirect_to'];
  return typeof url === 'string' && /^https?:\/\//.test(url) ? `?redirect_to=${encodeURIComponent(url)}` : '';
}

async function act(body: Record<string, unknown>, callerId: string): Promise<unknown> {
  switch (body['action']) {
    case 'list':
      return { members: members(await allUsers()) };
    case 'invite': {
      const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
      if (!EMAIL_RE.test(email) || email.length > 254) throw new Refusal(400, 'Escribe un correo válido.');
      if (!isRole(body['role'])) throw new Refusal(400, 'Elige un rol.');
      const invited = await auth<AuthUser>(`/invite${redirectOf(body)}`, { method: 'POST', body: { email } });
      await auth(`/admin/users/${invited.id}`, { method: 'PUT', body: { app_metadata: { role: body['role'] } } });
      await record(callerId, 'invite', email, null, { role: body['role'] });
      return { member: members([{ ...invited, app_metadata: { role: body['role'] } }])[0] };
    }
    case 'set_role':
    case 'deactivate':
    case 'reactivate': {
      const id = userIdOf(body);
      const team = members(await allUsers());
      const member = team.find((m) => m.id === id);
      if (!member) throw new Refusal(404, 'Esa persona no es del equipo.');
      if (body['action'] === 'set_role') {
        if (!isRole(body['role'])) throw new Refusal(400, 'Elige un rol.');
        const refusal = lastOwnerRefusal(team, id, { role: body['role'] });
        if (refusal) throw new Refusal(409, refusal);
        await auth(`/admin/users/${id}`, { method: 'PUT', body: { app_metadata: { role: body['role'] } } });
        await record(callerId, 'set_role', member.email, { role: member.role }, { role: body['role'] });
      } else if (body['action'] === 'deactivate') {
        if (id === callerId) throw new Refusal(409, 'No puedes desactivar tu propia cuenta.');
        const refusal = lastOwnerRefusal(team, id, { deactivate: true });
        if (refusal) throw new Refusal(409, refusal);
        await auth(`/admin/users/${id}`, { method: 'PUT', body: { ban_duration: DEACTIVATED } });
        await record(callerId, 'deactivate', member.email, { status: member.status }, { status: 'desactivado' });
      } else {
        await auth(`/admin/users/${id}`, { method: 'PUT', body: { ban_duration: 'none' } });
        await record(callerId, 'reactivate', member.email, { status: member.status }, { status: 'activo' });
      }
      return { members: members(await allUsers()) };
    }
    case 'reset_password': {
      const user = await auth<AuthUser>(`/admin/users/${userIdOf(body)}`);
      if (!user.email) throw new Refusal(400, 'Esa persona no tiene correo.');
      // the same call as "¿Olvidaste tu contraseña?": Auth mails the link
      await auth(`/recover${redirectOf(body)}`, { method: 'POST', body: { email: user.email }, key: 'anon' });
      await record(callerId, 'reset_password', user.email, null, null);
      return { sent_to: user.email };
    }
    case 'reset_two_factor': {
      const id = userIdOf(body);
      const user = await auth<AuthUser & { factors?: Array<{ id: string }> }>(`/admin/users/${id}`);
      for (const factor of user.factors ?? []) await auth(`/admin/users/${id}/factors/${factor.id}`, { method: 'DELETE' });
      await record(callerId, 'reset_two_factor', user.email ?? '', { two_factor: (user.factors ?? []).length > 0 }, { two_factor: false });
      return { members: members(await allUsers()) };
    }
    default:
      throw new Refusal(400, 'Acción desconocida.');
  }
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });
  if (!bearerOf(req)) return json(401, { error: 'Inicia sesión como dueño.' });
  const text = await req.text();
  if (text.length > 4096) return json(413, { error: 'La petición es demasiado grande.' });
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('no object');
    body = parsed as Record<string, unknown>;
  } catch {
    return json(400, { error: 'La petición no es JSON válido.' });
  }
  try {
    const allowed = await staffOnly(req, ['owner'], {
      signIn: 'Inicia sesión como dueño.',
      forbidden: 'Solo un dueño administra el equipo.',
    });
    if (allowed instanceof Response) return allowed;
    // the service key is no owner: the team is changed by a person, whom the history names
    if (allowed.caller.kind !== 'person') return json(403, { error: 'Solo un dueño administra el equipo.' });
    return json(200, await act(body, allowed.caller.id));
  } catch (error) {
    if (error instanceof Refusal) return json(error.status, { error: error.message });
    console.error(error);
    return json(500, { error: 'No se pudo completar la acción. Inténtalo de nuevo.' });
  }
}
