/**
 * Sessions and refresh tokens as GoTrue writes them: a session per sign-in (aal1 after a password,
 * the caller's user agent and address, not_after = the time box), the sign-in method recorded in
 * auth.mfa_amr_claims (what the token's `amr` claim lists), and rotating refresh tokens whose
 * user_id is the user's id as text (the platform's column is varchar).
 */
import { randomBytes } from 'node:crypto';
import type { Client } from '../db.ts';
import { INSTANCE_ID } from './users.ts';

export interface SessionRow {
  id: string;
  created_at: Date;
  not_after: Date | null;
  aal: string;
}

export function randomToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Starts a password session for the user and issues its first refresh token. */
export async function startSession(
  db: Client,
  userId: string,
  opts: { timeboxSeconds: number; userAgent: string | null; ip: string | null },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const { rows } = await db.query<SessionRow>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, not_after, user_agent, ip)
     values (gen_random_uuid(), $1, now(), now(), 'aal1', now() + make_interval(secs => $2::float8), $3, $4::inet)
     returning id, created_at, not_after, aal::text`,
    [userId, opts.timeboxSeconds, opts.userAgent, opts.ip],
  );
  const session = rows[0]!;
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), 'password')`,
    [session.id],
  );
  const refreshToken = await issueRefreshToken(db, userId, session.id, null);
  return { session, refreshToken };
}

/** A new refresh token of the session; parent is the token it replaces. */
export async function issueRefreshToken(db: Client, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = randomToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [INSTANCE_ID, token, userId, parent, sessionId],
  );
  return token;
}

/** The methods a session passed, for the access token's `amr` claim (newest first, as GoTrue sorts them). */
export async function amrOf(db: Client, sessionId: string): Promise<Array<{ method: string; timestamp: number }>> {
  const { rows } = await db.query<{ method: string; at: Date }>(
    'select authentication_method as method, updated_at as at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return rows.map((r) => ({ method: r.method, timestamp: Math.floor(r.at.getTime() / 1000) }));
}
