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
import { serveGateway } from '../../scripts/stack/gateway/index.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { jwtSecretFor, makeApiKeys, readJwtSecret } from '../../scripts/stack/keys.ts';
import { stack } from './helpers.ts';

const PORT = Number(process.env['TEST_GATEWAY_PORT'] ?? 64331) + 1;
const url = `http://127.0.0.1:${PORT}`;
const SHOP = 'http://127.0.0.1:4321';
/** The Supabase CLI's published local secret: anyone can sign keys with it. */
const DEMO_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

let dir: string;
let gateway: { close(): Promise<void> };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outlet-safety-'));
  gateway = await serveGateway({
    port: PORT,
    restUrl: `http://127.0.0.1:${Number(process.env['TEST_REST_PORT'] ?? 64329)}`,
    jwtSecret: stack.jwtSecret,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    dbUrl: stack.dbUrl,
    storageDir: join(dir, 'storage'),
    functionsDir: join(dir, 'functions'),
    publicUrl: url,
    allowedOrigins: [SHOP],
  });
});
afterAll(async () => {
  await gateway?.close();
  await rm(dir, { recursive: true, force: true });
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
