/**
 * Users as GoTrue keeps them: a row of auth.users (email lower-cased, empty-string tokens, the
 * instance id GoTrue uses) plus, for a password account, its 'email' row in auth.identities; and the
 * JSON GoTrue answers with (`identities`, `confirmed_at`, `phone`, `invited_at`).
 */
import type { Client, Pool } from '../db.ts';

/** GoTrue's single-tenant instance id, written into every row it creates. */
export const INSTANCE_ID = '00000000-0000-0000-0000-000000000000';

export const USER_COLUMNS = `id, aud, role, email, phone, email_confirmed_at, phone_confirmed_at, confirmed_at, invited_at,
  last_sign_in_at, raw_app_meta_data, raw_user_meta_data, is_anonymous, banned_until, created_at, updated_at`;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  invited_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  is_anonymous: boolean;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
}

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}

export type UserWithIdentities = UserRow & { identities: IdentityRow[]; factors: FactorRow[] };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The users' identities and two-step factors, attached to each user (two queries for any number of users). */
export async function withIdentities(db: Pool | Client, users: UserRow[]): Promise<UserWithIdentities[]> {
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, email, last_sign_in_at, created_at, updated_at
       from auth.identities where user_id = any($1::uuid[]) order by created_at, id`,
    [ids],
  );
  const factors = await db.query<FactorRow>(
    `select id, user_id, friendly_name, factor_type, status, created_at, updated_at
       from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`,
    [ids],
  );
  return users.map((u) => ({
    ...u,
    identities: rows.filter((i) => i.user_id === u.id),
    factors: factors.rows.filter((f) => f.user_id === u.id),
  }));
}

/** A user as GoTrue serialises it. */
export function userJson(u: UserWithIdentities): Record<string, unknown> {
  return {
    id: u.id,
    aud: u.aud ?? 'authenticated',
    role: u.role ?? 'authenticated',
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: u.phone ?? '',
    ...(u.phone_confirmed_at ? { phone_confirmed_at: iso(u.phone_confirmed_at) } : {}),
    confirmed_at: iso(u.confirmed_at),
    ...(u.invited_at ? { invited_at: iso(u.invited_at) } : {}),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: u.identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    // GoTrue leaves `factors` out when there are none
    ...(u.factors.length
      ? {
          factors: u.factors.map((f) => ({
            id: f.id,
            friendly_name: f.friendly_name ?? '',
            factor_type: f.factor_type,
            status: f.status,
            created_at: iso(f.created_at),
            updated_at: iso(f.updated_at),
          })),
        }
      : {}),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
    ...(u.banned_until && u.banned_until > new Date() ? { banned_until: iso(u.banned_until) } : {}),
  };
}

export interface NewUser {
  email: string;
  /** bcrypt hash, or null for an account without a password yet. */
  encryptedPassword: string | null;
  confirmed: boolean;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  bannedForSeconds: number;
}

/**
 * Inserts a user and its 'email' identity, in the caller's transaction, as GoTrue's sign-up and
 * admin create do: the identity's provider_id is the user's id and its data repeats the email.
 */
export async function insertUser(db: Client, u: NewUser): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change,
                             raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
     values ($1, gen_random_uuid(), 'authenticated', 'authenticated', $2, $3, case when $4::boolean then now() end,
             '', '', '', '', $5, $6, case when $7::float8 > 0 then now() + make_interval(secs => $7::float8) end, now(), now())
     returning ${USER_COLUMNS}`,
    [
      INSTANCE_ID,
      u.email,
      u.encryptedPassword,
      u.confirmed,
      JSON.stringify(u.appMetadata),
      JSON.stringify(u.userMetadata),
      u.bannedForSeconds,
    ],
  );
  const user = rows[0]!;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $2::uuid, $3, 'email', now(), now(), now())`,
    [user.id, user.id, JSON.stringify({ sub: user.id, email: u.email, email_verified: u.confirmed, phone_verified: false })],
  );
  return user;
}
