/**
 * A stack left running on a laptop (`npm start`) while its owner browses the web: no other web page can
 * use it, and the keys it prints open nothing anywhere else.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/stack/index.ts';
import { jwtSecretFor, makeApiKeys, readJwtSecret } from '../../scripts/stack/keys.ts';
import { ensureUser, sql, stack } from './helpers.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

const PORT = Number(process.env['TEST_GATEWAY_PORT'] ?? 64331) + 1;
const url = `http://127.0.0.1:${PORT}`;
const SHOP = 'http://127.0.0.1:4321';
/** The Supabase CLI's published local secret: anyone can sign keys with it. */
const DEMO_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** This gateway's allowance of failed sign-ins per address (the default is 30, spread over the tests below). */
const FAILURES_PER_ADDRESS = 40;
const VICTIM = { email: 'safety-victim@test.local', password: 'victim-password-123' };
const OTHER = { email: 'safety-other@test.local', password: 'other-password-123' };

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startGateway({ port: PORT, allowedOrigins: [SHOP], authFailuresPerAddress: FAILURES_PER_ADDRESS });
  await ensureUser(VICTIM.email, VICTIM.password, null);
  await ensureUser(OTHER.email, OTHER.password, null);
});
afterAll(async () => {
  await sql.query(`delete from auth.users where email like 'safety-%@test.local'`);
  await gateway?.close();
});

/** A raw HTTP request, so the Host header can be what a rebinding page's browser would send. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('other web pages', () => {
  it('cannot call the API from their origin, not even with the service key', async () => {
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:9999']) {
      const res = await fetch(`${url}/rest/v1/product_private?select=*`, {
        headers: { origin, apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
      });
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({ message: 'Origen no permitido' });
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    const preflight = await fetch(`${url}/auth/v1/admin/users`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey' },
    });
    expect(preflight.status).toBe(403);
  });

  it('the shop itself is answered, with its origin in CORS', async () => {
    const res = await fetch(`${url}/rest/v1/brands?select=id`, { headers: { origin: SHOP, apikey: stack.anonKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(SHOP);
  });

  it('cannot reach it through a domain pointed at 127.0.0.1 (DNS rebinding)', async () => {
    const rebound = await raw('/rest/v1/brands?select=id', { host: `evil.example:${PORT}`, apikey: stack.anonKey });
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toEqual({ message: 'Host no permitido' });
    for (const host of [`127.0.0.1:${PORT}`, `localhost:${PORT}`]) {
      expect((await raw('/rest/v1/brands?select=id', { host, apikey: stack.anonKey })).status, host).toBe(200);
    }
  });
});

describe('keys', () => {
  it('each data folder gets its own random secret, readable by its owner only, kept across starts', async () => {
    const a = await mkdtemp(join(tmpdir(), 'outlet-secret-a-'));
    const b = await mkdtemp(join(tmpdir(), 'outlet-secret-b-'));
    try {
      expect(await readJwtSecret(a)).toBeNull();
      const secretA = await jwtSecretFor(a);
      expect(secretA.length).toBeGreaterThanOrEqual(64);
      expect(await jwtSecretFor(a)).toBe(secretA);
      expect(await jwtSecretFor(b)).not.toBe(secretA);
      expect((await stat(join(a, 'jwt-secret'))).mode & 0o777).toBe(0o600);
      expect((await makeApiKeys(secretA)).serviceRoleKey).not.toBe((await makeApiKeys(await jwtSecretFor(b))).serviceRoleKey);
    } finally {
      await rm(a, { recursive: true, force: true });
      await rm(b, { recursive: true, force: true });
    }
  });

  it('the stack does not sign with the published demo secret: a key made with it opens nothing', async () => {
    expect(stack.jwtSecret).not.toBe(DEMO_SECRET);
    const forged = await new SignJWT({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(DEMO_SECRET));
    const asKey = await fetch(`${url}/rest/v1/product_private?select=*`, { headers: { apikey: forged } });
    expect(asKey.status).toBe(401);
    const asBearer = await fetch(`${url}/rest/v1/product_private?select=*`, {
      headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(asBearer.status).toBe(401);
  });

  it('admin:create without a service key refuses a remote address and sends it nothing', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const { port } = server.address() as { port: number };
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: `http://127.0.0.2:${port}` };
      delete env['SUPABASE_SERVICE_ROLE_KEY'];
      delete env['PUBLIC_SUPABASE_URL'];
      const child = spawn(process.execPath, ['scripts/admin-create.ts', 'nuevo@example.com', 'contraseña-segura'], { cwd: ROOT, env });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('hace falta SUPABASE_SERVICE_ROLE_KEY');
      expect(seen).toEqual([]);
    } finally {
      server.close();
    }
  });
});

/** A password sign-in through this gateway: its HTTP status and how long it took. */
async function signIn(email: string, password: string): Promise<{ status: number; ms: number; code?: string }> {
  const started = performance.now();
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, ms: performance.now() - started, ...(body.code ? { code: body.code } : {}) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('password sign-in', () => {
  it('stores passwords with bcrypt cost 10', async () => {
    const { rows } = await sql.query(`select left(encrypted_password, 7) as prefix from auth.users where email = $1`, [VICTIM.email]);
    expect(rows[0]?.prefix).toBe('$2a$10$');
    const created = await fetch(`${url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'safety-new@test.local', password: 'nuevo-password-123', email_confirm: true }),
    });
    expect(created.status).toBe(200);
    const { rows: made } = await sql.query(
      `select left(encrypted_password, 7) as prefix from auth.users where email = 'safety-new@test.local'`,
    );
    expect(made[0]?.prefix).toBe('$2a$10$');
  });

  it('takes as long for an unknown email as for a wrong password, so timing names no account', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      const wrong = await signIn(OTHER.email, `wrong-${i}`);
      const nobody = await signIn(`nobody-${i}@test.local`, 'whatever-123');
      expect([wrong.code, nobody.code]).toEqual(['invalid_credentials', 'invalid_credentials']);
      known.push(wrong.ms);
      unknown.push(nobody.ms);
    }
    // without the dummy hash an unknown email answers in a few milliseconds, a bcrypt comparison in tens
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('makes an account wait after 10 wrong passwords, even for the right one, without touching others', async () => {
    for (let i = 0; i < 10; i++) expect((await signIn(VICTIM.email, `guess-${i}`)).code).toBe('invalid_credentials');
    expect(await signIn(VICTIM.email, VICTIM.password)).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(await signIn(VICTIM.email.toUpperCase(), VICTIM.password)).toMatchObject({ status: 429 });
    expect((await signIn(OTHER.email, OTHER.password)).status).toBe(200);
  });

  it('limits the failed sign-ins of one address, whatever accounts it tries', async () => {
    // the tests above failed 16 times from this address; successes never count
    for (let i = 0; i < 3; i++) expect((await signIn(OTHER.email, OTHER.password)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < FAILURES_PER_ADDRESS - 16 + 1; i++) statuses.push((await signIn(`spray-${i}@test.local`, 'password-123')).status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(FAILURES_PER_ADDRESS - 16);
    expect(statuses.at(-1)).toBe(429);
    expect(await signIn(OTHER.email, OTHER.password)).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});

describe('request bodies', () => {
  it('are refused with 413 above each service’s limit, and nothing is written', async () => {
    const big = (bytes: number) => JSON.stringify({ search_term: 'x'.repeat(bytes), session_id: 'sesion-enorme-1' });
    const rest = await fetch(`${url}/rest/v1/search_analytics`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: big(9 * 1024 * 1024),
    });
    expect(rest.status).toBe(413);
    const auth = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: big(100 * 1024),
    });
    expect(auth.status).toBe(413);
    const fn = await fetch(`${url}/functions/v1/request-rebuild`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: big(3 * 1024 * 1024),
    });
    expect(fn.status).toBe(413);
    const { rows } = await sql.query(`select count(*)::int as n from public.search_analytics where session_id = 'sesion-enorme-1'`);
    expect(rows[0]?.n).toBe(0);
  });
});
