/**
 * The request-rebuild Edge Function against the local stack, with a stand-in for the GitHub API (a
 * local HTTP server that records every dispatch it receives) and for a static host's deploy hook.
 * Each test calls it with supabase-js through a gateway of its own on the test stack's database,
 * whose request-rebuild runs in Deno with the publishing secrets that test gives it (a function's
 * secrets are fixed when its process starts).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminClient, resetData, serviceClient, signedIn, sql, stack, userClient } from './helpers.ts';
import { invoke } from './invoke.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

let standIn: Server;
let received: Received[] = [];
let answerStatus = 204;
let standInUrl = '';

let gateway: TestGateway | null = null;

/** A gateway on the test stack whose request-rebuild has exactly these secrets. */
async function serveWith(secrets: Record<string, string>): Promise<void> {
  await gateway?.close();
  gateway = null;
  gateway = await startGateway({ functionSecrets: { 'request-rebuild': secrets } });
}

function useGithub(): Promise<void> {
  return serveWith({
    PUBLISH_GITHUB_REPO: 'outlet-mx/tienda',
    PUBLISH_GITHUB_TOKEN: 'github_pat_de_prueba',
    PUBLISH_GITHUB_API: standInUrl,
  });
}

async function tokenOf(client: Awaited<ReturnType<typeof adminClient>>): Promise<string> {
  const { data } = await client.auth.getSession();
  return data.session!.access_token;
}

function call(token: string | null, body?: unknown): Promise<Response> {
  return invoke('request-rebuild', token, body, gateway!.url);
}

async function publications() {
  const { rows } = await sql.query<{ id: string; trigger: string; status: string; error: string | null }>(
    'select id, trigger, status, error from public.publications order by id',
  );
  return rows;
}

/** A catalogue edit as any path makes it: the triggers leave a pending rebuild request. */
async function edit(n = 1): Promise<void> {
  await sql.query(
    `insert into public.brands (name, display_name) select 'marca-' || g || '-' || gen_random_uuid(), 'Marca ' || g from generate_series(1, $1) g`,
    [n],
  );
}

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null });
      res.writeHead(answerStatus, { 'content-type': 'application/json' });
      res.end(answerStatus >= 400 ? JSON.stringify({ message: 'Bad credentials' }) : '');
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  await resetData();
});

afterAll(async () => {
  await gateway?.close();
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

beforeEach(async () => {
  received = [];
  answerStatus = 204;
  await sql.query('truncate public.publications, public.rebuild_requests restart identity');
});

afterEach(() => {
  delete process.env['PUBLISH_HOOK_URL'];
});

describe('request-rebuild', () => {
  it('refuses a call without a session (401), a shopper key (401) and a signed-in non-admin (403)', async () => {
    await useGithub();
    await edit();
    expect((await call(null)).status).toBe(401);
    expect((await call(stack.anonKey)).status).toBe(401);
    const user = await userClient();
    const refused = await call(await tokenOf(user));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'No autorizado' });
    expect(received).toHaveLength(0);
    expect(await publications()).toEqual([]);
  });

  it('asks the database who calls: a password-only session of an owner with a second factor, and a deactivated owner, are refused (403)', async () => {
    await useGithub();
    await edit();
    // an owner who verified an authenticator app signs in with the password alone (a stolen password)
    const owner = await signedIn('duena@rebuild.test', 'duena-password-123', 'owner');
    const app = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Teléfono' });
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(app.data!.totp.secret) }).generate();
    expect((await owner.auth.mfa.challengeAndVerify({ factorId: app.data!.id, code })).error).toBeNull();
    const passwordOnly = await signedIn('duena@rebuild.test', 'duena-password-123', 'owner');
    const stolen = await call(await tokenOf(passwordOnly));
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toEqual({ error: 'No autorizado' });
    // the same owner with both steps may publish…
    expect((await call(await tokenOf(owner))).status).toBe(202);
    await sql.query('truncate public.publications, public.rebuild_requests restart identity');
    await edit();
    // …until another owner deactivates the account: its token, still unexpired, is refused at once
    const { data: who } = await owner.auth.getUser();
    expect((await serviceClient().auth.admin.updateUserById(who.user!.id, { ban_duration: '876000h' })).error).toBeNull();
    expect((await call(await tokenOf(owner))).status).toBe(403);
    expect(received).toHaveLength(1);
    expect(await publications()).toEqual([]);
    await sql.query(`delete from auth.users where email = 'duena@rebuild.test'`);
  });

  it('through the stack’s own gateway too: no Authorization header is 401 and a non-admin is 403', async () => {
    const url = `${stack.url}/functions/v1/request-rebuild`;
    expect((await fetch(url, { method: 'POST', headers: { apikey: stack.anonKey } })).status).toBe(401);
    const user = await userClient();
    const res = await fetch(url, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${await tokenOf(user)}` },
    });
    expect(res.status).toBe(403);
  });

  it("an admin's call sends exactly one repository_dispatch with the token and the publication", async () => {
    await useGithub();
    await edit();
    const admin = await adminClient();
    const res = await call(await tokenOf(admin));
    expect(res.status).toBe(202);
    const body = (await res.json()) as { dispatch: boolean; publication_id: number; reason: string };
    expect(body).toMatchObject({ dispatch: true, reason: 'dispatched' });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/repos/outlet-mx/tienda/dispatches');
    expect(received[0]!.headers['authorization']).toBe('Bearer github_pat_de_prueba');
    expect(received[0]!.headers['accept']).toBe('application/vnd.github+json');
    expect(received[0]!.body).toEqual({
      event_type: 'publish-shop',
      client_payload: { publication_id: body.publication_id, trigger: 'admin' },
    });
    expect(await publications()).toEqual([{ id: String(body.publication_id), trigger: 'admin', status: 'requested', error: null }]);
  });

  it('the service role may call it too', async () => {
    await useGithub();
    await edit();
    expect((await call(stack.serviceRoleKey, { trigger: 'manual' })).status).toBe(202);
    expect(received).toHaveLength(1);
  });

  it("the database's opening job calls it with the service role as a scheduled publication", async () => {
    await useGithub();
    await edit();
    expect((await call(stack.serviceRoleKey, { trigger: 'schedule' })).status).toBe(202);
    expect(received).toHaveLength(1);
    expect((received[0]!.body as { client_payload: { trigger: string } }).client_payload.trigger).toBe('schedule');
    expect((await publications()).map((p) => p.trigger)).toEqual(['schedule']);
  });

  it('100 edits and 100 calls in a burst give one dispatch', async () => {
    await useGithub();
    const token = await tokenOf(await adminClient());
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        await edit();
        await call(token);
      }),
    );
    expect(received).toHaveLength(1);
    expect((await publications()).map((p) => p.status)).toEqual(['requested']);
  });

  it('nothing pending: no dispatch, unless the admin insists (Publicar ahora)', async () => {
    await useGithub();
    const token = await tokenOf(await adminClient());
    expect(await (await call(token)).json()).toEqual({ dispatch: false, publication_id: null, reason: 'nothing_pending' });
    expect(received).toHaveLength(0);
    expect((await call(token, { force: true })).status).toBe(202);
    expect(received).toHaveLength(1);
  });

  it('a change that lands while a build runs causes exactly one more publication', async () => {
    await useGithub();
    const token = await tokenOf(await adminClient());
    await edit();
    const first = (await (await call(token)).json()) as { publication_id: number };
    await sql.query('select public.start_publication($1, $2)', ['admin', first.publication_id]);
    for (let i = 0; i < 10; i++) {
      await edit();
      await call(token);
    }
    expect(received).toHaveLength(2);
    expect((await publications()).map((p) => p.status)).toEqual(['building', 'requested']);
    // The first build claimed only what was pending when it started.
    const { rows } = await sql.query<{ status: string; n: string }>(
      'select status, count(*) as n from public.rebuild_requests group by status order by status',
    );
    expect(rows).toEqual([
      { status: 'building', n: '1' },
      { status: 'pending', n: '1' },
    ]);
  });

  it('a dispatch GitHub refuses is recorded on the publication and admins can read it', async () => {
    await useGithub();
    answerStatus = 401;
    await edit();
    const admin = await adminClient();
    const res = await call(await tokenOf(admin));
    expect(res.status).toBe(502);
    const { data } = await admin.from('publications').select('status, error');
    expect(data).toEqual([{ status: 'failed', error: 'El destino de publicación respondió 401: {"message":"Bad credentials"}' }]);
  });

  it('a deploy hook is posted to when no GitHub repository is configured', async () => {
    await serveWith({ PUBLISH_HOOK_URL: `${standInUrl}/build_hooks/abc123` });
    await edit();
    expect((await call(stack.serviceRoleKey)).status).toBe(202);
    expect(received.map((r) => r.path)).toEqual(['/build_hooks/abc123']);
  });

  it('without any publishing secret it says so and dispatches nothing, even when the gateway’s own environment has one', async () => {
    // the gateway's process holds a deploy hook, but the function's Deno process gets only what it is given
    process.env['PUBLISH_HOOK_URL'] = `${standInUrl}/build_hooks/del-entorno`;
    await serveWith({});
    await edit();
    const res = await call(stack.serviceRoleKey);
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toContain('La publicación no está configurada');
    expect(received).toHaveLength(0);
    expect(await publications()).toEqual([]);
  });

  it('a malformed body gets a 400 and changes nothing', async () => {
    await useGithub();
    await edit();
    const token = await tokenOf(await adminClient());
    expect((await call(token, '{no es json')).status).toBe(400);
    expect((await call(token, { force: 'sí' })).status).toBe(400);
    expect(await publications()).toEqual([]);
  });

  it('shoppers cannot read publications nor call the publication functions', async () => {
    const anon = (await import('./helpers.ts')).anonClient();
    expect((await anon.from('publications').select('*')).error?.code).toBe('42501');
    const user = await userClient();
    expect((await user.rpc('request_publication' as never, { p_trigger: 'admin' } as never)).error).not.toBeNull();
    expect(await publications()).toEqual([]);
  });
});
