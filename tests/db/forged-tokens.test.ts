/**
 * A token the project did not sign, or no longer honours, opens nothing: REST, Storage and Edge
 * Functions all refuse a JWT signed with another secret, an expired one, and an unsigned one
 * (`alg: none`), even when it claims the admin role. And an admin's session ends when they sign out.
 */
import { createClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ensureUser, sql, stack } from './helpers.ts';

const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
const now = () => Math.floor(Date.now() / 1000);
const adminClaims = () => ({
  role: 'authenticated',
  aud: 'authenticated',
  sub: '00000000-0000-0000-0000-0000000000aa',
  email: ADMIN.email,
  app_metadata: { role: 'owner' },
});

const sign = (secret: string, exp: number) =>
  new SignJWT(adminClaims())
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

/** An unsigned token: header {alg: none}, the claims, an empty signature. */
function unsigned(): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...adminClaims(), exp: now() + 3600 })}.`;
}

const forged: Array<[string, () => Promise<string>]> = [
  ['signed with another secret', () => sign('another-secret-that-is-at-least-32-characters', now() + 3600)],
  ['expired', () => sign(stack.jwtSecret, now() - 60)],
  ['unsigned (alg none)', async () => unsigned()],
];

beforeAll(async () => {
  await ensureUser(ADMIN.email, ADMIN.password, 'owner');
});

describe.each(forged)('a token %s', (_what, make) => {
  it('is refused by REST, Storage and Functions', async () => {
    const token = await make();
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${token}` };

    const rest = await fetch(`${stack.url}/rest/v1/product_private?select=*`, { headers });
    expect(rest.status).toBe(401);
    const rpc = await fetch(`${stack.url}/rest/v1/rpc/admin_products`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(rpc.status).toBe(401);

    const upload = await fetch(`${stack.url}/storage/v1/object/product-images/forged/x.png`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'image/png' },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    expect([400, 401, 403]).toContain(upload.status);
    expect(upload.ok).toBe(false);
    const { rows } = await sql.query(`select count(*)::int as n from storage.objects where name like 'forged/%'`);
    expect(rows[0]?.n).toBe(0);

    const fn = await fetch(`${stack.url}/functions/v1/request-rebuild`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(fn.status).toBe(401);
  });
});

describe('signing out', () => {
  it('revokes the refresh token: the session cannot be renewed afterwards', async () => {
    const client = createClient(stack.url, stack.anonKey, noSession);
    const { data, error } = await client.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const refreshToken = data.session!.refresh_token;
    await client.auth.signOut();
    const again = await createClient(stack.url, stack.anonKey, noSession).auth.refreshSession({ refresh_token: refreshToken });
    expect(again.data.session).toBeNull();
    expect(again.error).not.toBeNull();
  });
});
