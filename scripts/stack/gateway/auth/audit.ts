/**
 * auth.audit_log_entries as GoTrue writes it: one row per sign-in, sign-out, token refresh and
 * account change, whose payload names the actor (the user, or `service_role` for the Admin API), the
 * action, its log type and, for changes made to another account, which one. The team console reads
 * this trail; the dashboard's "Auth logs" shows the same on a hosted project.
 */
import type { Client, Pool } from '../db.ts';
import { INSTANCE_ID } from './users.ts';

/** GoTrue's action names and the log type each belongs to. */
const LOG_TYPES = {
  login: 'account',
  logout: 'account',
  token_refreshed: 'token',
  token_revoked: 'token',
  user_signedup: 'team',
  user_modified: 'user',
  user_updated_password: 'user',
  user_deleted: 'team',
  user_invited: 'team',
  invite_accepted: 'account',
  user_recovery_requested: 'user',
} as const;
export type AuditAction = keyof typeof LOG_TYPES;

export interface Actor {
  id: string;
  email: string | null;
}

/** The Admin API's actor: the service key carries no user. */
export const SERVICE_ROLE_ACTOR: Actor = { id: '00000000-0000-0000-0000-000000000000', email: 'service_role' };

export async function audit(
  db: Client | Pool,
  entry: { actor: Actor; action: AuditAction; ip: string | null; traits?: Record<string, unknown> },
): Promise<void> {
  const payload = {
    actor_id: entry.actor.id,
    ...(entry.actor.email ? { actor_username: entry.actor.email } : {}),
    actor_via_sso: false,
    action: entry.action,
    log_type: LOG_TYPES[entry.action],
    ...(entry.traits ? { traits: entry.traits } : {}),
  };
  await db.query(
    `insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
     values ($1, gen_random_uuid(), $2, now(), $3)`,
    [INSTANCE_ID, JSON.stringify(payload), entry.ip ?? ''],
  );
}

/** Who an Admin API change was made to, as GoTrue's traits name it. */
export function targetTraits(user: { id: string; email: string | null; phone: string | null }): Record<string, unknown> {
  return { user_id: user.id, user_email: user.email ?? '', user_phone: user.phone ?? '' };
}
