/**
 * JWT secret and API keys of the local stack. Each data folder has its own random secret, made on
 * the first start and kept beside the data (`<data folder>/jwt-secret`, readable by its owner only):
 * a key printed by one laptop's stack opens nothing anywhere else, unlike the Supabase CLI's
 * published demo secret, which any web page could use against a stack left running.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';

export interface ApiKeys {
  anonKey: string;
  serviceRoleKey: string;
}

const secretFile = (dataDir: string) => join(dataDir, 'jwt-secret');

/** The data folder's JWT secret, or null when the folder has none yet (the stack never started there). */
export async function readJwtSecret(dataDir: string): Promise<string | null> {
  try {
    const secret = (await readFile(secretFile(dataDir), 'utf8')).trim();
    return secret.length >= 32 ? secret : null;
  } catch {
    return null;
  }
}

/** The data folder's JWT secret, made (48 random bytes) on the first call. The folder must exist. */
export async function jwtSecretFor(dataDir: string): Promise<string> {
  const existing = await readJwtSecret(dataDir);
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  await writeFile(secretFile(dataDir), `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Signs the anon and service_role API keys (HS256, far expiry), as a Supabase project's keys are. */
export async function makeApiKeys(jwtSecret: string): Promise<ApiKeys> {
  const key = new TextEncoder().encode(jwtSecret);
  const sign = (role: string) =>
    new SignJWT({ iss: 'supabase', role, exp: 1983812996 }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}
