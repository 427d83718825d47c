/**
 * Password hashes as GoTrue stores them in auth.users.encrypted_password: bcrypt, cost 10. GoTrue
 * hashes in its own process; here pgcrypto does it, on a connection as `postgres` (the only role of
 * the platform's that may use the extensions schema), so no bcrypt code lives in the gateway.
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from '../db.ts';

/** bcrypt cost of stored passwords (GoTrue's). */
export const BCRYPT_COST = 10;

export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Whether password matches the stored hash. A missing hash (unknown account, or one invited and
   * without a password yet) never matches; it is compared against a hash of nothing anyone knows, at
   * the same cost, so the answer takes as long either way and timing tells nobody which emails exist.
   */
  matches(password: string, stored: string | null): Promise<boolean>;
}

export function passwords(pool: Pool): Passwords {
  const hash = async (password: string) =>
    (await pool.query<{ h: string }>(`select extensions.crypt($1, extensions.gen_salt('bf', ${BCRYPT_COST})) as h`, [password])).rows[0]!.h;
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hash(randomBytes(24).toString('hex'));
    return dummyHash;
  };
  return {
    hash,
    async matches(password, stored) {
      const against = stored ?? (await dummy());
      const { rows } = await pool.query<{ ok: boolean }>('select extensions.crypt($1, $2) = $2 as ok', [password, against]);
      return stored !== null && rows[0]!.ok;
    },
  };
}
