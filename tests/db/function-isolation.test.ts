/**
 * Each Edge Function runs in its own Deno process that sees only the platform's variables and its
 * own secrets: not the other functions' secrets, not the rest of the gateway's environment, no
 * file outside the functions folder (the data folder's JWT secret included), and on this machine only
 * the gateway (not Postgres nor PostgREST). Shown with a test
 * function (tests/fixtures/functions/env-probe) that reports what its process can read, served by a
 * gateway whose own environment holds request-rebuild's secret.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/stack/index.ts';
import { stack } from './helpers.ts';
import { invoke } from './invoke.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

const GATEWAY_PORT = Number(process.env['TEST_ISOLATION_GATEWAY_PORT'] ?? 64963);
const gatewayUrl = `http://127.0.0.1:${GATEWAY_PORT}`;
const functionsDir = join(ROOT, 'tests/fixtures/functions');

let gateway: TestGateway;

beforeAll(async () => {
  // request-rebuild's own secret, in the environment the gateway reads function secrets from
  process.env['PUBLISH_GITHUB_TOKEN'] = 'github_pat_solo_de_request_rebuild';
  gateway = await startGateway({ port: GATEWAY_PORT, functionsDir });
  await writeFile(join(gateway.storageDir, 'jwt-secret'), stack.jwtSecret);
});

afterAll(async () => {
  delete process.env['PUBLISH_GITHUB_TOKEN'];
  await gateway.close();
});

describe('a function’s process', () => {
  it('reads the platform’s variables but not another function’s secret, the JWT secret or the gateway’s environment', async () => {
    const res = await invoke(
      'env-probe',
      stack.anonKey,
      { variables: ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'PUBLISH_GITHUB_TOKEN', 'PATH', 'HOME'] },
      gatewayUrl,
    );
    expect(res.status).toBe(200);
    const seen = (await res.json()) as { env: Record<string, unknown>; wholeEnv: unknown };
    expect(process.env['PATH']).toBeTruthy();
    expect(seen.env).toEqual({
      SUPABASE_URL: gatewayUrl,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      PUBLISH_GITHUB_TOKEN: 'denied',
      PATH: 'denied',
      HOME: 'denied',
    });
    expect(seen.wholeEnv).toBe('denied');
  });

  it('reads its own folder but no file of the data folder (the JWT secret)', async () => {
    const own = join(functionsDir, 'env-probe', 'index.ts');
    const secret = join(gateway.storageDir, 'jwt-secret');
    const res = await invoke('env-probe', stack.anonKey, { files: [own, secret, join(ROOT, 'package.json')] }, gatewayUrl);
    expect(((await res.json()) as { files: unknown }).files).toEqual({
      [own]: 'read',
      [secret]: 'denied',
      [join(ROOT, 'package.json')]: 'denied',
    });
  });

  it('connects to the gateway but not straight to Postgres or PostgREST', async () => {
    const dbPort = Number(new URL(stack.dbUrl).port);
    const restPort = Number(new URL(stack.restUrl).port);
    const res = await invoke('env-probe', stack.anonKey, { ports: [GATEWAY_PORT, dbPort, restPort] }, gatewayUrl);
    expect(((await res.json()) as { ports: unknown }).ports).toEqual({
      [GATEWAY_PORT]: 'connected',
      [dbPort]: 'denied',
      [restPort]: 'denied',
    });
  });
});
