/**
 * `/auth/v1`: the subset of GoTrue (Supabase Auth) that supabase-js (auth-js) and ra-supabase call.
 *
 * - POST /token?grant_type=password | refresh_token, GET|PUT /user, POST /logout, GET /settings
 * - Admin API (service_role key): POST|GET /admin/users, GET|PUT|DELETE /admin/users/:id
 * - Two-step sign-in (auth/mfa.ts): POST /factors, POST /factors/:id/challenge|verify, DELETE
 *   /factors/:id, DELETE /admin/users/:id/factors/:factor_id
 * - Email links (auth/mail.ts): POST /invite (service_role key), POST /recover, GET /verify; the
 *   mails go to a local outbox
 *
 * It works on the platform's own auth tables, as supabase_auth_admin, writing what GoTrue writes:
 * users with their 'email' identity (auth/users.ts), sessions with their sign-in method and rotating
 * refresh tokens (auth/sessions.ts), bcrypt passwords (auth/passwords.ts) and the audit trail
 * (auth/audit.ts). Access tokens are HS256 JWTs for one hour carrying role, sub, email, phone,
 * app_metadata, user_metadata, aal, amr, session_id.
 *
 * Session hard cap: a session ends 24 h after sign-in (auth.sessions.not_after); access tokens never
 * outlive it and refreshing after it fails with `session_expired`. On hosted Supabase this is the
 * Auth setting "Time-box user sessions" (Authentication → Sessions), to be set to 24 hours
 * (GOTRUE_SESSIONS_TIMEBOX=24h when self-hosting).
 *
 * A sign-in with an unknown email is checked against a dummy hash of the same cost, so timing tells
 * nobody which emails exist. Failed password sign-ins are limited per client address
 * (AUTH_FAILURES_PER_ADDRESS in 5 minutes, default 30) and per account (10 in 15 minutes); past either,
 * even the right password waits, answered 429 `over_request_rate_limit` as GoTrue does. Successful
 * sign-ins do not count: people who know their password are never slowed down.
 *
 * Errors use GoTrue's API version 2024-01-01 shape ({ code, msg }, header X-Supabase-Api-Version).
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { AttemptWindow } from './attempts.ts';
import { audit, SERVICE_ROLE_ACTOR, targetTraits } from './auth/audit.ts';
import { passwords as passwordsOf } from './auth/passwords.ts';
import { amrOf, issueRefreshToken, type SessionRow, startSession } from './auth/sessions.ts';
import { mailRoutes, type OutboxMail } from './auth/mail.ts';
import { mfaRoutes } from './auth/mfa.ts';
import { insertUser, USER_COLUMNS, type UserRow, userJson, withIdentities } from './auth/users.ts';
import type { Client, Pool } from './db.ts';
import { inTransaction, pgCode } from './db.ts';
import { HttpError, jsonResponse } from './errors.ts';
import { bearerToken, type Claims, type JwtTool } from './jwt.ts';

export const ACCESS_TOKEN_SECONDS = 3600;
/** "Time-box user sessions" = 24 h (see the header comment). */
export const SESSION_TIMEBOX_SECONDS = 24 * 3600;

const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
interface AuthDeps {
  /** As supabase_auth_admin, the owner of the auth tables. */
  pool: Pool;
  /** As postgres: pgcrypto's bcrypt (auth/passwords.ts). */
  hashPool: Pool;
  jwt: JwtTool;
  publicUrl: string;
  /** Failed password sign-ins allowed per client address in 5 minutes (default AUTH_FAILURES_PER_ADDRESS or 30). */
  failuresPerAddress?: number;
  /** Origins an email link may lead back to; the first is the site's address. */
  siteOrigins: readonly string[];
  /** Where sent mail is kept (auth/mail.ts) and how it is announced. */
  outbox: OutboxMail[];
  log: (line: string) => void;
  /** The MFA verification hook's Postgres function, as config.toml declares it (auth/hooks.ts); null for none. */
  mfaVerificationHook: string | null;
}

/** Wrong passwords an account may take in 15 minutes before its sign-ins wait. */
const FAILURES_PER_ACCOUNT = 10;
const MINUTE = 60_000;

function authError(status: number, code: string, msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { code, error_code: code, msg, ...extra }, API_VERSION);
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    throw authError(400, 'bad_json', 'Could not parse request body as JSON');
  }
}

/** Go duration ("24h", "1h30m", "876000h") → seconds; "none" → 0. */
function parseBanDuration(value: unknown): number {
  if (value === 'none') return 0;
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|m|s|ms))+$/.test(value)) {
    throw authError(400, 'validation_failed', 'invalid format for ban duration');
  }
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  for (const m of value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) total += Number(m[1]) * unit[m[2]!]!;
  return total;
}

export function authRoutes(deps: AuthDeps): Hono {
  const { pool, jwt } = deps;
  const issuer = `${deps.publicUrl.replace(/\/+$/, '')}/auth/v1`;
  const app = new Hono();
  const perAddress = new AttemptWindow(deps.failuresPerAddress ?? (Number(process.env['AUTH_FAILURES_PER_ADDRESS']) || 30), 5 * MINUTE);
  const perAccount = new AttemptWindow(FAILURES_PER_ACCOUNT, 15 * MINUTE);
  const passwords = passwordsOf(deps.hashPool);
  /** The caller's address, as GoTrue records it on sessions and audit entries. */
  const ipOf = (c: Context) => getConnInfo(c).remote.address ?? null;
  const rateLimited = () => authError(429, 'over_request_rate_limit', 'Request rate limit reached');

  async function findUser(id: string): Promise<UserRow | null> {
    if (!UUID_RE.test(id)) return null;
    const { rows } = await pool.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`, [id]);
    return rows[0] ?? null;
  }

  /** The user as GoTrue answers with it, identities included. */
  async function userBody(user: UserRow): Promise<Record<string, unknown>> {
    return userJson((await withIdentities(pool, [user]))[0]!);
  }

  /** Signs the access token of a session and builds GoTrue's token response. */
  async function sessionResponse(db: Client, user: UserRow, session: SessionRow, refreshToken: string) {
    const now = Math.floor(Date.now() / 1000);
    const cap = session.not_after ? Math.floor(session.not_after.getTime() / 1000) : Infinity;
    const expiresAt = Math.min(now + ACCESS_TOKEN_SECONDS, cap);
    const claims: Claims = {
      aud: user.aud ?? 'authenticated',
      iss: issuer,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: session.aal,
      amr: await amrOf(db, session.id),
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    };
    const accessToken = await jwt.sign(claims, expiresAt);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiresAt - now,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: userJson((await withIdentities(db, [user]))[0]!),
    };
  }

  function assertCanSignIn(user: UserRow): void {
    if (!user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed');
    if (user.banned_until && user.banned_until > new Date()) throw authError(400, 'user_banned', 'User is banned');
  }

  async function passwordGrant(c: Context): Promise<Response> {
    const body = await readJson(c);
    const email = typeof body['email'] === 'string' ? body['email'].trim() : '';
    const password = typeof body['password'] === 'string' ? body['password'] : '';
    if (!email) throw authError(400, 'validation_failed', 'missing email or phone');
    const address = ipOf(c) ?? 'unknown';
    const account = email.toLowerCase();
    if (perAddress.exhausted(address) || perAccount.exhausted(account)) throw rateLimited();
    const { rows } = await pool.query<UserRow & { encrypted_password: string | null }>(
      `select ${USER_COLUMNS}, encrypted_password from auth.users where email = $1 and is_sso_user = false and deleted_at is null`,
      [account],
    );
    const found = rows[0];
    // one bcrypt comparison whether or not the account exists or has a password (passwords.ts)
    const ok = await passwords.matches(password, found?.encrypted_password || null);
    if (!found || !ok) {
      perAddress.record(address);
      perAccount.record(account);
      throw authError(400, 'invalid_credentials', 'Invalid login credentials', {
        error: 'invalid_grant',
        error_description: 'Invalid login credentials',
      });
    }
    assertCanSignIn(found);
    const response = await inTransaction(pool, async (db) => {
      const { session, refreshToken } = await startSession(db, found.id, {
        timeboxSeconds: SESSION_TIMEBOX_SECONDS,
        userAgent: c.req.header('user-agent') ?? null,
        ip: address === 'unknown' ? null : address,
      });
      const u = await db.query<UserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`, [
        found.id,
      ]);
      await audit(db, { actor: found, action: 'login', ip: ipOf(c), traits: { provider: 'email' } });
      return sessionResponse(db, u.rows[0]!, session, refreshToken);
    });
    return jsonResponse(200, response, API_VERSION);
  }

  async function refreshGrant(c: Context): Promise<Response> {
    const body = await readJson(c);
    const token = typeof body['refresh_token'] === 'string' ? body['refresh_token'] : '';
    if (!token) throw authError(400, 'validation_failed', 'Refresh Token is missing');
    const result = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<{ revoked: boolean | null; user_id: string | null; session: SessionRow | null }>(
        `select rt.revoked, rt.user_id,
                case when s.id is null then null
                     else json_build_object('id', s.id, 'created_at', s.created_at, 'not_after', s.not_after, 'aal', s.aal) end as session
           from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
          where rt.token = $1 for update of rt`,
        [token],
      );
      const row = rows[0];
      const s = row?.session;
      if (!row || !s || !row.user_id || !UUID_RE.test(row.user_id)) {
        return { error: authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      }
      const session: SessionRow = {
        id: s.id,
        created_at: new Date(s.created_at),
        not_after: s.not_after ? new Date(s.not_after) : null,
        aal: s.aal ?? 'aal1',
      };
      if (row.revoked) {
        // Reuse of a rotated token: GoTrue treats it as theft and revokes the whole token family.
        await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [session.id]);
        return { error: authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      if (session.not_after && session.not_after.getTime() <= Date.now()) {
        return { error: authError(400, 'session_expired', 'Invalid Refresh Token: Session Expired') };
      }
      // refresh_tokens.user_id is varchar on the platform: the user's id as text
      const u = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1::uuid and deleted_at is null`, [row.user_id]);
      const user = u.rows[0];
      if (!user) return { error: authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      if (user.banned_until && user.banned_until > new Date()) return { error: authError(400, 'user_banned', 'User is banned') };
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
      const newToken = await issueRefreshToken(db, user.id, session.id, token);
      await audit(db, { actor: user, action: 'token_revoked', ip: ipOf(c) });
      await audit(db, { actor: user, action: 'token_refreshed', ip: ipOf(c) });
      await db.query(`update auth.sessions set updated_at = now(), refreshed_at = now() at time zone 'UTC' where id = $1`, [session.id]);
      return { response: await sessionResponse(db, user, session, newToken) };
    });
    if ('error' in result) throw result.error;
    return jsonResponse(200, result.response, API_VERSION);
  }

  /** The signed-in caller (Bearer access token), checked as GoTrue does. */
  async function requireUser(c: Context): Promise<{ claims: Claims; user: UserRow }> {
    const token = bearerToken(c.req.raw);
    if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Claims;
    try {
      claims = await jwt.verify(token);
    } catch (error) {
      throw authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
    }
    if (typeof claims.sub !== 'string' || !claims.sub) throw authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (typeof claims.session_id === 'string') {
      const { rowCount } = await pool.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
      if (!rowCount) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    const user = await findUser(claims.sub);
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return { claims, user };
  }

  /** The Admin API needs a service_role JWT (the service key). */
  async function requireAdmin(c: Context): Promise<void> {
    const token = bearerToken(c.req.raw);
    if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    let claims: Claims;
    try {
      claims = await jwt.verify(token);
    } catch (error) {
      throw authError(401, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
    }
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw authError(403, 'not_admin', 'User not allowed');
  }

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (grant === 'password') return passwordGrant(c);
    if (grant === 'refresh_token') return refreshGrant(c);
    throw authError(400, 'validation_failed', 'unsupported_grant_type');
  });

  app.get('/user', async (c) => jsonResponse(200, await userBody((await requireUser(c)).user), API_VERSION));

  app.put('/user', async (c) => {
    const { user } = await requireUser(c);
    const body = await readJson(c);
    const sets: string[] = [];
    const params: unknown[] = [user.id];
    if (body['password'] !== undefined) {
      if (typeof body['password'] !== 'string' || body['password'].length < 6) {
        throw authError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
      }
      params.push(await passwords.hash(body['password']));
      sets.push(`encrypted_password = $${params.length}`);
    }
    if (body['data'] && typeof body['data'] === 'object') {
      params.push(JSON.stringify(body['data']));
      sets.push(`raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $${params.length}::jsonb`);
    }
    if (body['email'] !== undefined && body['email'] !== user.email) {
      throw authError(422, 'email_change_not_supported', 'Email changes are not available on the local stack');
    }
    if (sets.length === 0) return jsonResponse(200, await userBody(user), API_VERSION);
    const updated = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<UserRow>(
        `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
        params,
      );
      const action = body['password'] !== undefined ? 'user_updated_password' : 'user_modified';
      await audit(db, { actor: user, action, ip: ipOf(c) });
      return rows[0]!;
    });
    return jsonResponse(200, await userBody(updated), API_VERSION);
  });

  app.post('/logout', async (c) => {
    const { claims, user } = await requireUser(c);
    const scope = c.req.query('scope') ?? 'global';
    const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
    if (scope === 'local' && sessionId) await pool.query('delete from auth.sessions where id = $1', [sessionId]);
    else if (scope === 'others')
      await pool.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, sessionId]);
    else if (scope === 'global') await pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    else throw authError(400, 'validation_failed', 'Unsupported logout scope');
    await audit(pool, { actor: user, action: 'logout', ip: ipOf(c) });
    return new Response(null, { status: 204, headers: API_VERSION });
  });

  app.post('/signup', () => {
    throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
  });

  app.get('/settings', () =>
    jsonResponse(
      200,
      {
        external: { email: true, phone: false, anonymous_users: false, google: false, github: false },
        disable_signup: true,
        mailer_autoconfirm: false,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      },
      API_VERSION,
    ),
  );

  app.get('/health', () => jsonResponse(200, { version: 'local', name: 'GoTrue', description: 'Local GoTrue subset' }));

  // ─── Admin API (service_role) ──────────────────────────────────────────────────────────
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(c);
    await next();
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    if (!email || !EMAIL_RE.test(email)) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    const password = body['password'];
    if (password !== undefined && (typeof password !== 'string' || password.length < 6)) {
      throw authError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
    }
    const appMeta = { provider: 'email', providers: ['email'], ...((body['app_metadata'] as object) ?? {}) };
    const userMeta = (body['user_metadata'] as object) ?? {};
    const ban = body['ban_duration'] !== undefined ? parseBanDuration(body['ban_duration']) : 0;
    const encryptedPassword = typeof password === 'string' ? await passwords.hash(password) : null;
    try {
      const user = await inTransaction(pool, async (db) => {
        const created = await insertUser(db, {
          email,
          encryptedPassword,
          confirmed: body['email_confirm'] === true,
          appMetadata: appMeta,
          userMetadata: userMeta as Record<string, unknown>,
          bannedForSeconds: ban,
        });
        await audit(db, { actor: SERVICE_ROLE_ACTOR, action: 'user_signedup', ip: ipOf(c), traits: targetTraits(created) });
        return created;
      });
      return jsonResponse(200, await userBody(user), API_VERSION);
    } catch (error) {
      if (pgCode(error) === '23505') throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      throw error;
    }
  });

  app.get('/admin/users', async (c) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') || '1', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(c.req.query('per_page') || '50', 10) || 50));
    const total = Number((await pool.query<{ n: string }>('select count(*) as n from auth.users where deleted_at is null')).rows[0]!.n);
    const { rows } = await pool.query<UserRow>(
      `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const links: string[] = [];
    if (page < lastPage) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${lastPage}&per_page=${perPage}>; rel="last"`);
    return jsonResponse(
      200,
      { aud: 'authenticated', users: (await withIdentities(pool, rows)).map(userJson) },
      {
        ...API_VERSION,
        'x-total-count': String(total),
        link: links.join(', '),
      },
    );
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await findUser(c.req.param('id'));
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    return jsonResponse(200, await userBody(user), API_VERSION);
  });

  app.put('/admin/users/:id', async (c) => {
    const user = await findUser(c.req.param('id'));
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    const body = await readJson(c);
    const sets: string[] = [];
    const params: unknown[] = [user.id];
    const add = (sql: (p: string) => string, value: unknown) => {
      params.push(value);
      sets.push(sql(`$${params.length}`));
    };
    if (body['email'] !== undefined) {
      const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
      if (!EMAIL_RE.test(email)) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
      add((p) => `email = ${p}`, email);
    }
    if (body['password'] !== undefined) {
      if (typeof body['password'] !== 'string' || body['password'].length < 6) {
        throw authError(422, 'weak_password', 'Password should be at least 6 characters.', { weak_password: { reasons: ['length'] } });
      }
      add((p) => `encrypted_password = ${p}`, await passwords.hash(body['password']));
    }
    if (body['email_confirm'] === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
    // GoTrue merges metadata key by key; a key set to null is removed.
    const merge = (current: Record<string, unknown> | null, patch: unknown) => {
      const out: Record<string, unknown> = { ...(current ?? {}) };
      for (const [k, v] of Object.entries((patch as Record<string, unknown>) ?? {})) {
        if (v === null) delete out[k];
        else out[k] = v;
      }
      return JSON.stringify(out);
    };
    if (body['app_metadata'] && typeof body['app_metadata'] === 'object') {
      add((p) => `raw_app_meta_data = ${p}::jsonb`, merge(user.raw_app_meta_data, body['app_metadata']));
    }
    if (body['user_metadata'] && typeof body['user_metadata'] === 'object') {
      add((p) => `raw_user_meta_data = ${p}::jsonb`, merge(user.raw_user_meta_data, body['user_metadata']));
    }
    if (body['ban_duration'] !== undefined) {
      const secs = parseBanDuration(body['ban_duration']);
      add((p) => `banned_until = case when ${p}::float8 > 0 then now() + make_interval(secs => ${p}::float8) end`, secs);
    }
    if (sets.length === 0) return jsonResponse(200, await userBody(user), API_VERSION);
    try {
      const updated = await inTransaction(pool, async (db) => {
        const { rows } = await db.query<UserRow>(
          `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
          params,
        );
        // the 'email' identity repeats the address and whether it is verified, as GoTrue keeps it
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', $3::boolean),
                  updated_at = now()
            where user_id = $1 and provider = 'email'`,
          [user.id, rows[0]!.email, rows[0]!.email_confirmed_at !== null],
        );
        await audit(db, { actor: SERVICE_ROLE_ACTOR, action: 'user_modified', ip: ipOf(c), traits: targetTraits(rows[0]!) });
        return rows[0]!;
      });
      return jsonResponse(200, await userBody(updated), API_VERSION);
    } catch (error) {
      if (pgCode(error) === '23505') throw authError(422, 'email_exists', 'A user with this email address has already been registered');
      throw error;
    }
  });

  app.delete('/admin/users/:id', async (c) => {
    const user = await findUser(c.req.param('id'));
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    await inTransaction(pool, async (db) => {
      await db.query('delete from auth.users where id = $1', [user.id]);
      await audit(db, { actor: SERVICE_ROLE_ACTOR, action: 'user_deleted', ip: ipOf(c), traits: targetTraits(user) });
    });
    return jsonResponse(200, {}, API_VERSION);
  });

  mfaRoutes(app, {
    pool,
    requireUser,
    requireServiceKey: requireAdmin,
    readJson,
    error: (status, code, msg) => authError(status, code, msg),
    ipOf,
    sessionResponse,
    mfaVerificationHook: deps.mfaVerificationHook,
  });

  mailRoutes(app, {
    pool,
    authUrl: issuer,
    siteOrigins: deps.siteOrigins,
    log: deps.log,
    outbox: deps.outbox,
    ipOf,
    requireServiceKey: requireAdmin,
    readJson,
    error: (status, code, msg) => authError(status, code, msg),
    signIn: async (db, user, c) => {
      const { session, refreshToken } = await startSession(db, user.id, {
        timeboxSeconds: SESSION_TIMEBOX_SECONDS,
        userAgent: c.req.header('user-agent') ?? null,
        ip: ipOf(c),
      });
      return sessionResponse(db, user, session, refreshToken);
    },
  });

  app.notFound(() => jsonResponse(404, { code: 'not_found', error_code: 'not_found', msg: 'Not Found' }, API_VERSION));
  return app;
}
