/**
 * Auth hooks, as Supabase Auth runs them: the project declares each in supabase/config.toml (the
 * Supabase CLI's `[auth.hook.<name>]` with `enabled` and `uri`) or, on a hosted project, in the
 * dashboard. A Postgres hook (`uri = "pg-functions://postgres/<schema>/<function>"`) is a function
 * taking the event as its one jsonb argument, called on Auth's own connection (supabase_auth_admin,
 * which must be granted EXECUTE on it), and its jsonb answer tells Auth what to do.
 *
 * The local Auth runs one: `mfa_verification_attempt`, called on every two-step code checked (auth/mfa.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'smol-toml';
import type { Pool } from '../db.ts';

/** What Supabase Auth sends the MFA verification hook. */
export interface MfaVerificationAttempt {
  factor_id: string;
  factor_type: string;
  user_id: string;
  /** Whether the code was right. */
  valid: boolean;
}

/** The hook's answer: go on as Auth would, or refuse with a message (Auth then signs the person out everywhere). */
export type MfaDecision = { decision: 'continue' } | { decision: 'reject'; message: string };

/** Auth's own words when a hook rejects without a message (GoTrue's DefaultMFAHookRejectionMessage). */
export const DEFAULT_MFA_REJECTION = 'Further MFA verification attempts will be rejected.';

/** A hook's own error answer ({ error: { http_code, message } }), which Auth returns to the caller. */
export class HookError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The Postgres function config.toml names for the hook `name` ("schema"."function", quoted), or null
 * when the hook is off, missing, or not a pg-functions hook.
 */
export function pgHookFunction(configPath: string, name: string): string | null {
  if (!existsSync(configPath)) return null;
  const config = parse(readFileSync(configPath, 'utf8')) as { auth?: { hook?: Record<string, { enabled?: unknown; uri?: unknown }> } };
  const hook = config.auth?.hook?.[name];
  if (hook?.enabled !== true || typeof hook.uri !== 'string') return null;
  const match = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(hook.uri);
  if (!match || !NAME.test(match[1]!) || !NAME.test(match[2]!)) {
    throw new Error(`config.toml: [auth.hook.${name}] uri debe ser pg-functions://postgres/<esquema>/<función>, no "${hook.uri}".`);
  }
  return `"${match[1]}"."${match[2]}"`;
}

/** Calls the MFA verification hook `fn` as Supabase Auth does, on Auth's connection. */
export async function runMfaVerificationHook(pool: Pool, fn: string, event: MfaVerificationAttempt): Promise<MfaDecision> {
  const { rows } = await pool.query<{ out: Record<string, unknown> | null }>(`select ${fn}($1::jsonb) as out`, [JSON.stringify(event)]);
  const out = rows[0]?.out ?? {};
  const error = out['error'] as { http_code?: unknown; message?: unknown } | undefined;
  if (error && typeof error === 'object') {
    throw new HookError(typeof error.http_code === 'number' ? error.http_code : 500, String(error.message ?? 'Error running hook'));
  }
  if (out['decision'] === 'reject') {
    return { decision: 'reject', message: typeof out['message'] === 'string' && out['message'] ? out['message'] : DEFAULT_MFA_REJECTION };
  }
  return { decision: 'continue' };
}
