/** JWT secret and API keys of the local stack: the Supabase CLI's well-known development values. */
import { SignJWT } from 'jose';

/** The Supabase CLI's default local JWT secret. Local development only; never used in production. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
}

/** Signs the anon and service_role API keys (HS256, issuer supabase-demo, far expiry); with the default
 * secret they are byte for byte the keys `supabase start` prints. */
export async function makeApiKeys(jwtSecret: string): Promise<ApiKeys> {
  const key = new TextEncoder().encode(jwtSecret);
  const sign = (role: string) =>
    new SignJWT({ iss: 'supabase-demo', role, exp: 1983812996 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}
