/**
 * Two-step sign-in with an authenticator app (TOTP), the subset of Supabase Auth's MFA API that
 * supabase-js' `auth.mfa` calls, on the platform's own tables (auth.mfa_factors, mfa_challenges,
 * mfa_amr_claims):
 *
 * - POST /factors { factor_type: 'totp', friendly_name, issuer }: a new, unverified factor with its
 *   secret, otpauth:// URI and QR code (SVG). Once a person has a verified factor, adding another
 *   takes an aal2 session.
 * - POST /factors/:id/challenge: a challenge that lives CHALLENGE_SECONDS.
 * - POST /factors/:id/verify { challenge_id, code }: a right code (RFC 6238: SHA-1, 6 digits, 30 s,
 *   one step of clock drift either way) verifies the factor on first use, raises the session to
 *   aal2 (amr gains 'totp') and answers a new token pair for it. A wrong code: 422
 *   mfa_verification_failed. A challenge verifies once. With the MFA verification hook on
 *   (auth/hooks.ts), every code checked, right or wrong, is first put to the hook, exactly as
 *   Supabase Auth does: when it rejects, every session of the person is ended and the answer is 403
 *   mfa_verification_rejected with the hook's message.
 * - DELETE /factors/:id: removes one; a verified factor only from an aal2 session.
 * - DELETE /admin/users/:id/factors/:factor_id (service key): what an owner does for someone who
 *   lost their phone.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { Claims } from '../jwt.ts';
import type { Client, Pool } from '../db.ts';
import { inTransaction } from '../db.ts';
import { HookError, type MfaDecision, type MfaVerificationAttempt, runMfaVerificationHook } from './hooks.ts';
import { issueRefreshToken, type SessionRow } from './sessions.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

export const CHALLENGE_SECONDS = 300;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MfaDeps {
  pool: Pool;
  requireUser: (c: Context) => Promise<{ claims: Claims; user: UserRow }>;
  requireServiceKey: (c: Context) => Promise<void>;
  readJson: (c: Context) => Promise<Record<string, unknown>>;
  error: (status: number, code: string, msg: string) => Error;
  ipOf: (c: Context) => string | null;
  sessionResponse: (db: Client, user: UserRow, session: SessionRow, refreshToken: string) => Promise<Record<string, unknown>>;
  /** The MFA verification hook's function ("schema"."function"), or null when the project has none. */
  mfaVerificationHook: string | null;
}

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  secret: string | null;
}

/** True when `code` is the factor's TOTP code now (or one 30 s step before or after). */
export function totpMatches(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.validate({ token: code, window: 1 }) !== null;
}

export function mfaRoutes(app: Hono, deps: MfaDeps): void {
  const { pool } = deps;

  async function ownFactor(db: Client | Pool, userId: string, factorId: string): Promise<FactorRow> {
    if (!UUID_RE.test(factorId)) throw deps.error(404, 'mfa_factor_not_found', 'Factor not found');
    const { rows } = await db.query<FactorRow>(
      'select id, user_id, friendly_name, factor_type, status, secret from auth.mfa_factors where id = $1 and user_id = $2',
      [factorId, userId],
    );
    if (!rows[0]) throw deps.error(404, 'mfa_factor_not_found', 'Factor not found');
    return rows[0];
  }

  async function hasVerifiedFactor(userId: string): Promise<boolean> {
    const { rowCount } = await pool.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified'`, [userId]);
    return (rowCount ?? 0) > 0;
  }

  app.post('/factors', async (c) => {
    const { claims, user } = await deps.requireUser(c);
    const body = await deps.readJson(c);
    if (body['factor_type'] !== 'totp') throw deps.error(422, 'mfa_factor_type_not_supported', 'Only TOTP factors are available');
    if (claims['aal'] !== 'aal2' && (await hasVerifiedFactor(user.id))) {
      throw deps.error(422, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    const friendlyName = typeof body['friendly_name'] === 'string' ? body['friendly_name'].trim() : '';
    const issuer = typeof body['issuer'] === 'string' && body['issuer'].trim() ? body['issuer'].trim() : new URL(c.req.url).host;
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const uri = new OTPAuth.TOTP({ issuer, label: user.email ?? user.id, secret: OTPAuth.Secret.fromBase32(secret) }).toString();
    const id = randomUUID();
    // an enrolment never finished leaves an unverified factor: a new one replaces it
    await pool.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified'`, [user.id]);
    try {
      await pool.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
         values ($1, $2, $3, 'totp', 'unverified', $4, now(), now())`,
        [id, user.id, friendlyName, secret],
      );
    } catch (error) {
      if ((error as { code?: string }).code === '23505') {
        throw deps.error(422, 'mfa_factor_name_conflict', 'A factor with the friendly name already exists');
      }
      throw error;
    }
    const qr = await QRCode.toString(uri, { type: 'svg', margin: 1 });
    return c.json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret, uri } });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const { user } = await deps.requireUser(c);
    const factor = await ownFactor(pool, user.id, c.req.param('id'));
    const id = randomUUID();
    await pool.query(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), coalesce($3::inet, '0.0.0.0'))`,
      [id, factor.id, deps.ipOf(c)],
    );
    return c.json({ id, type: 'totp', expires_at: Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS });
  });

  app.post('/factors/:id/verify', async (c) => {
    const { claims, user } = await deps.requireUser(c);
    const body = await deps.readJson(c);
    const challengeId = typeof body['challenge_id'] === 'string' ? body['challenge_id'] : '';
    const code = typeof body['code'] === 'string' ? body['code'].trim() : '';
    const sessionId = typeof claims['session_id'] === 'string' ? claims['session_id'] : '';
    if (!UUID_RE.test(challengeId)) throw deps.error(404, 'mfa_challenge_not_found', 'Challenge not found');
    const response = await inTransaction(pool, async (db) => {
      const factor = await ownFactor(db, user.id, c.req.param('id'));
      const { rows } = await db.query<{ created_at: Date; verified_at: Date | null }>(
        'select created_at, verified_at from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
        [challengeId, factor.id],
      );
      const challenge = rows[0];
      if (!challenge || challenge.verified_at) throw deps.error(404, 'mfa_challenge_not_found', 'Challenge not found');
      if (Date.now() - challenge.created_at.getTime() > CHALLENGE_SECONDS * 1000) {
        throw deps.error(
          422,
          'mfa_challenge_expired',
          'MFA challenge has expired, verify against another challenge or create a new factor.',
        );
      }
      const valid = Boolean(factor.secret) && totpMatches(factor.secret!, code);
      if (deps.mfaVerificationHook) {
        const attempt: MfaVerificationAttempt = { factor_id: factor.id, factor_type: factor.factor_type, user_id: user.id, valid };
        let decision: MfaDecision;
        try {
          decision = await runMfaVerificationHook(pool, deps.mfaVerificationHook, attempt);
        } catch (error) {
          if (error instanceof HookError) throw deps.error(error.status, 'unexpected_failure', error.message);
          throw error;
        }
        if (decision.decision === 'reject') return { rejected: decision.message };
      }
      if (!valid) return null;
      await db.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId]);
      await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      const s = await db.query<SessionRow>(
        `update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1
         returning id, created_at, not_after, aal`,
        [sessionId, factor.id],
      );
      const session = s.rows[0];
      if (!session) throw deps.error(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      await db.query(
        `insert into auth.mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at)
         values (gen_random_uuid(), $1, 'totp', now(), now())
         on conflict (session_id, authentication_method) do update set updated_at = now()`,
        [session.id],
      );
      // the session's older refresh tokens could mint aal1 tokens no more: a fresh pair for it
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [session.id]);
      const refreshToken = await issueRefreshToken(db, user.id, session.id, null);
      const u = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [user.id]);
      return deps.sessionResponse(db, u.rows[0]!, session, refreshToken);
    });
    if (!response) throw deps.error(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    if ('rejected' in response) {
      // as Supabase Auth: a rejected attempt signs the person out of every session
      await pool.query('delete from auth.sessions where user_id = $1', [user.id]);
      throw deps.error(403, 'mfa_verification_rejected', String(response['rejected']));
    }
    return c.json(response);
  });

  app.delete('/factors/:id', async (c) => {
    const { claims, user } = await deps.requireUser(c);
    const factor = await ownFactor(pool, user.id, c.req.param('id'));
    if (factor.status === 'verified' && claims['aal'] !== 'aal2') {
      throw deps.error(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await pool.query('delete from auth.mfa_factors where id = $1', [factor.id]);
    return c.json({ id: factor.id });
  });

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    await deps.requireServiceKey(c);
    const factorId = c.req.param('factorId');
    if (!UUID_RE.test(factorId) || !UUID_RE.test(c.req.param('id'))) throw deps.error(404, 'mfa_factor_not_found', 'Factor not found');
    const { rows } = await pool.query<FactorRow>(
      'delete from auth.mfa_factors where id = $1 and user_id = $2 returning id, user_id, friendly_name, factor_type, status, secret',
      [factorId, c.req.param('id')],
    );
    if (!rows[0]) throw deps.error(404, 'mfa_factor_not_found', 'Factor not found');
    const { secret: _secret, ...factor } = rows[0];
    return c.json(factor);
  });
}
