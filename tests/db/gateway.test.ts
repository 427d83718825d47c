/**
 * The local Supabase-compatible gateway, driven as the shop and the back office drive it: through
 * supabase-js (plain fetch only where a browser would use it: <img src>, CORS preflight).
 *
 * Runs its own gateway on the db suite's Postgres and PostgREST, with a temporary storage folder (to
 * look at the render cache on disk) and a temporary functions folder (a tiny test function).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteStorageRows, ensureUser, sql, stack } from './helpers.ts';
import { startGateway, type TestGateway } from './test-gateway.ts';

const GATEWAY_PORT = Number(process.env['TEST_GATEWAY_PORT'] ?? 64331);
const url = `http://127.0.0.1:${GATEWAY_PORT}`;
const BUCKET = 'product-images';
/** A small render cache, so the test can fill it. */
const RENDER_CACHE_BYTES = 150_000;
const noSession = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** The test functions' folder. */
let dir: string;
let storageDir: string;
let gateway: TestGateway;

const anon = () => createClient(url, stack.anonKey, noSession);
const service = () => createClient(url, stack.serviceRoleKey, noSession);

const ADMIN = { email: 'gw-admin@test.local', password: 'gw-admin-password' };
const USER = { email: 'gw-user@test.local', password: 'gw-user-password' };

async function signedIn(who: { email: string; password: string }): Promise<SupabaseClient> {
  const client = anon();
  const { error } = await client.auth.signInWithPassword(who);
  if (error) throw error;
  return client;
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png()
    .toBuffer();
}

/** Every file under a folder, relative paths. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gateway-test-'));
  await chmod(dir, 0o755);
  const functionsDir = join(dir, 'functions');
  await mkdir(join(functionsDir, 'hello'), { recursive: true });
  await writeFile(
    join(functionsDir, 'hello', 'index.ts'),
    `Deno.serve(async (req: Request): Promise<Response> => {
      const body = req.method === 'POST' ? await req.json() : {};
      return new Response(JSON.stringify({
        greeting: 'Hola, ' + body.name,
        method: req.method,
        path: new URL(req.url).pathname,
        hasAuthorization: (req.headers.get('authorization') ?? '').startsWith('Bearer '),
        custom: req.headers.get('x-custom'),
        forwardedHost: req.headers.get('x-forwarded-host'),
        supabaseUrl: Deno.env.get('SUPABASE_URL'),
        hasServiceKey: Boolean(Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')),
      }), { headers: { 'content-type': 'application/json' } });
    });\n`,
  );
  await mkdir(join(functionsDir, 'broken'), { recursive: true });
  await writeFile(join(functionsDir, 'broken', 'index.ts'), `Deno.serve((): Response => { throw new Error('boom'); });\n`);
  await mkdir(join(functionsDir, 'fails-to-start'), { recursive: true });
  await writeFile(join(functionsDir, 'fails-to-start', 'index.ts'), `throw new Error('no arranca');\n`);

  gateway = await startGateway({
    port: GATEWAY_PORT,
    functionsDir,
    allowedOrigins: ['http://localhost:4321'],
    renderCacheBytes: RENDER_CACHE_BYTES,
  });
  storageDir = gateway.storageDir;
  await ensureUser(ADMIN.email, ADMIN.password, 'owner');
  await ensureUser(USER.email, USER.password, null);
});

afterAll(async () => {
  await deleteStorageRows(`bucket_id = $1 and name like 'gw-test/%'`, [BUCKET]);
  await sql.query(`delete from auth.users where email like 'gw-%@test.local'`);
  await gateway?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('gateway front door', () => {
  it('refuses requests without a valid API key, like Supabase', async () => {
    const missing = await fetch(`${url}/rest/v1/brands`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'No API key found in request' });

    const { error } = await createClient(url, 'not-a-key', noSession).from('brands').select('*');
    expect(error?.message).toBe('Invalid API key');
  });

  it('answers CORS preflights for the headers supabase-js sends', async () => {
    const res = await fetch(`${url}/rest/v1/brands`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, x-client-info, content-type, prefer',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:4321)$/);
    expect(res.headers.get('access-control-allow-headers')).toContain('apikey');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('answers unknown routes with JSON', async () => {
    const res = await fetch(`${url}/nothing/here`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('refuses a second gateway on a busy port with a clear message', async () => {
    await expect(startGateway({ port: GATEWAY_PORT, functionsDir: dir })).rejects.toThrow(new RegExp(`${GATEWAY_PORT}.*SUPABASE_PORT`));
  });
});

describe('/rest/v1 → PostgREST', () => {
  it('proxies reads with counts and lets RLS refuse anonymous writes', async () => {
    const read = await anon().from('brands').select('*', { count: 'exact', head: true });
    expect(read.error).toBeNull();
    expect(read.status).toBe(200);
    expect(typeof read.count).toBe('number');

    const write = await anon()
      .from('brands')
      .insert({ name: `gw-${randomUUID()}` });
    expect(write.error?.code).toBe('42501');
  });

  it('forwards the signed-in admin’s token, request bodies and Prefer headers', async () => {
    const admin = await signedIn(ADMIN);
    const name = `gw-${randomUUID().slice(0, 8)}`;
    const inserted = await admin.from('brands').insert({ name, display_name: 'Marca de prueba' }).select('id, name').single();
    expect(inserted.error).toBeNull();
    expect(inserted.status).toBe(201);
    expect(inserted.data?.name).toBe(name);
    const deleted = await admin.from('brands').delete().eq('id', inserted.data!.id).select('id');
    expect(deleted.data).toHaveLength(1);
  });

  it('is the gateway the local stack serves on its own port', async () => {
    const client = createClient(stack.url, stack.anonKey, noSession);
    const { data, error } = await client.auth.signInWithPassword(USER);
    expect(error).toBeNull();
    expect(decodeJwt(data.session!.access_token).iss).toBe(`${stack.url}/auth/v1`);
    expect((await client.from('brands').select('id').limit(1)).error).toBeNull();
  });
});

describe('/auth/v1', () => {
  it('refuses a wrong password with GoTrue’s error', async () => {
    const { data, error } = await anon().auth.signInWithPassword({ email: ADMIN.email, password: 'wrong-password' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');

    const unknown = await anon().auth.signInWithPassword({ email: 'nobody@test.local', password: 'whatever1' });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('signs in with the right password and issues a one-hour JWT with the claims RLS needs', async () => {
    const client = anon();
    const { data, error } = await client.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toBeTruthy();
    expect(data.user?.email).toBe(ADMIN.email);

    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: ADMIN.email,
      sub: data.user!.id,
      iss: `${url}/auth/v1`,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { role: 'owner' },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims['session_id']).toBe('string');

    const me = await client.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user).toMatchObject({ id: data.user!.id, email: ADMIN.email, app_metadata: { role: 'owner' } });
    expect(me.data.user?.last_sign_in_at).toBeTruthy();
  });

  it('rotates refresh tokens and refuses a reused one', async () => {
    const client = await signedIn(USER);
    const first = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token)['session_id']).toBe(decodeJwt(first.access_token)['session_id']);
    expect((await client.auth.getUser()).data.user?.email).toBe(USER.email);

    const reuse = await anon().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.data.session).toBeNull();
    // Reuse looks like theft: GoTrue revokes the whole family, the newest token included.
    const newest = await anon().auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token });
    expect(newest.error).not.toBeNull();
  });

  it('signs out: the session is gone for getUser and for refresh', async () => {
    const client = await signedIn(USER);
    const session = (await client.auth.getSession()).data.session!;
    expect((await client.auth.signOut()).error).toBeNull();

    const me = await anon().auth.getUser(session.access_token);
    expect(me.data.user).toBeNull();
    expect(me.error).not.toBeNull();
    const refresh = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('caps a session at 24 hours after sign-in (the admin session limit)', async () => {
    const client = await signedIn(ADMIN);
    const session = (await client.auth.getSession()).data.session!;
    const sessionId = decodeJwt(session.access_token)['session_id'] as string;
    const { rows } = await sql.query<{ hours: number }>(
      `select extract(epoch from not_after - created_at) / 3600 as hours from auth.sessions where id = $1`,
      [sessionId],
    );
    expect(Number(rows[0]?.hours)).toBe(24);

    // 24 hours later: refreshing no longer works, the admin must sign in again.
    await sql.query(
      `update auth.sessions set created_at = now() - interval '24 hours 1 minute', not_after = now() - interval '1 minute' where id = $1`,
      [sessionId],
    );
    const refresh = await client.auth.refreshSession();
    expect(refresh.data.session).toBeNull();
    expect(refresh.error?.code).toBe('session_expired');
  });

  it('lets only the service key use the Admin API', async () => {
    const email = `gw-new-${randomUUID().slice(0, 8)}@test.local`;
    const refused = await anon().auth.admin.createUser({ email, password: 'first-password', email_confirm: true });
    expect(refused.data.user).toBeNull();
    expect(refused.error?.status).toBe(403);

    const admin = service().auth.admin;
    const created = await admin.createUser({
      email,
      password: 'first-password',
      email_confirm: true,
      app_metadata: { role: 'owner' },
      user_metadata: { nombre: 'Ana' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user).toMatchObject({ email, app_metadata: { role: 'owner', provider: 'email' }, user_metadata: { nombre: 'Ana' } });
    expect(user.email_confirmed_at).toBeTruthy();

    const duplicate = await admin.createUser({ email, password: 'other-password', email_confirm: true });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('email_exists');

    const page = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(page.data.users.map((u) => u.email)).toContain(email);
    expect((await admin.getUserById(user.id)).data.user?.email).toBe(email);

    const signIn = await anon().auth.signInWithPassword({ email, password: 'first-password' });
    expect(decodeJwt(signIn.data.session!.access_token)['app_metadata']).toMatchObject({ role: 'owner' });

    const updated = await admin.updateUserById(user.id, { password: 'second-password', app_metadata: { role: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata['role']).toBeUndefined();
    expect((await anon().auth.signInWithPassword({ email, password: 'first-password' })).error?.code).toBe('invalid_credentials');
    const again = await anon().auth.signInWithPassword({ email, password: 'second-password' });
    expect(again.error).toBeNull();
    expect(decodeJwt(again.data.session!.access_token)['app_metadata']).not.toHaveProperty('role');

    expect((await admin.deleteUser(user.id)).error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password: 'second-password' })).error?.code).toBe('invalid_credentials');
  });

  it('does not sign in a user whose email is not confirmed', async () => {
    const email = `gw-unconfirmed-${randomUUID().slice(0, 8)}@test.local`;
    await service().auth.admin.createUser({ email, password: 'some-password' });
    const { error } = await anon().auth.signInWithPassword({ email, password: 'some-password' });
    expect(error?.code).toBe('email_not_confirmed');
  });
});

describe('/auth/v1 on the platform’s auth tables', () => {
  it('creates a user as GoTrue does: confirmed_at, lower-cased email and its email identity', async () => {
    const { data, error } = await service().auth.admin.createUser({
      email: 'GW-Rows@Test.local',
      password: 'gw-rows-password',
      email_confirm: true,
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe('gw-rows@test.local');
    expect(user.confirmed_at).toBe(user.email_confirmed_at);
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });
    expect(user.identities![0]!.identity_data).toMatchObject({ sub: user.id, email: 'gw-rows@test.local', email_verified: true });
    const { rows } = await sql.query(
      `select i.provider, i.provider_id, i.email, u.confirmed_at = u.email_confirmed_at as confirmed, u.instance_id::text
         from auth.users u join auth.identities i on i.user_id = u.id where u.id = $1`,
      [user.id],
    );
    expect(rows).toEqual([
      {
        provider: 'email',
        provider_id: user.id,
        email: 'gw-rows@test.local',
        confirmed: true,
        instance_id: '00000000-0000-0000-0000-000000000000',
      },
    ]);

    const { rows: trail } = await sql.query(
      `select payload->>'actor_username' as actor, payload->>'log_type' as type, payload->'traits'->>'user_email' as target
         from auth.audit_log_entries where payload->>'action' = 'user_signedup' and payload->'traits'->>'user_id' = $1`,
      [user.id],
    );
    expect(trail).toEqual([{ actor: 'service_role', type: 'team', target: 'gw-rows@test.local' }]);

    const unconfirmed = await service().auth.admin.createUser({ email: 'gw-rows-later@test.local', password: 'gw-rows-password' });
    expect(unconfirmed.data.user?.confirmed_at ?? null).toBeNull();
    expect(unconfirmed.data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: false });
  });

  it('records a session with its assurance level, client and sign-in method, and text user ids on refresh tokens', async () => {
    const client = anon();
    const { data, error } = await client.auth.signInWithPassword({ email: 'gw-rows@test.local', password: 'gw-rows-password' });
    expect(error).toBeNull();
    const sessionId = decodeJwt(data.session!.access_token)['session_id'] as string;
    expect(decodeJwt(data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
    const { rows: sessions } = await sql.query(
      `select s.aal::text, s.user_agent is not null as has_agent, host(s.ip) as ip, s.refreshed_at,
              (select array_agg(authentication_method) from auth.mfa_amr_claims where session_id = s.id) as methods
         from auth.sessions s where s.id = $1`,
      [sessionId],
    );
    expect(sessions).toEqual([{ aal: 'aal1', has_agent: true, ip: '127.0.0.1', refreshed_at: null, methods: ['password'] }]);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const { rows: tokens } = await sql.query(
      `select pg_typeof(user_id)::text as type, user_id, revoked, parent is not null as has_parent
         from auth.refresh_tokens where session_id = $1 order by id`,
      [sessionId],
    );
    expect(tokens).toEqual([
      { type: 'character varying', user_id: data.user!.id, revoked: true, has_parent: false },
      { type: 'character varying', user_id: data.user!.id, revoked: false, has_parent: true },
    ]);
    const { rows: after } = await sql.query('select refreshed_at is not null as refreshed from auth.sessions where id = $1', [sessionId]);
    expect(after).toEqual([{ refreshed: true }]);
    const { rows: trail } = await sql.query(
      `select payload->>'action' as action, ip_address from auth.audit_log_entries
        where payload->>'actor_id' = $1 order by created_at, payload->>'action'`,
      [data.user!.id],
    );
    expect(trail).toEqual([
      { action: 'login', ip_address: '127.0.0.1' },
      { action: 'token_refreshed', ip_address: '127.0.0.1' },
      { action: 'token_revoked', ip_address: '127.0.0.1' },
    ]);
  });

  it('refuses a password sign-in to an account created without a password, as GoTrue does', async () => {
    const { error } = await service().auth.admin.createUser({ email: 'gw-rows-nopass@test.local', email_confirm: true });
    expect(error).toBeNull();
    const { error: signInError } = await anon().auth.signInWithPassword({ email: 'gw-rows-nopass@test.local', password: 'anything-123' });
    expect(signInError).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('keeps the identity’s email in step when an admin changes the address', async () => {
    const { data: list } = await service().auth.admin.listUsers({ perPage: 1000 });
    const user = list.users.find((u) => u.email === 'gw-rows-later@test.local')!;
    expect(user.identities).toHaveLength(1);
    const { data, error } = await service().auth.admin.updateUserById(user.id, { email: 'gw-rows-moved@test.local', email_confirm: true });
    expect(error).toBeNull();
    expect(data.user?.identities?.[0]?.identity_data).toMatchObject({ email: 'gw-rows-moved@test.local', email_verified: true });
    expect(data.user?.confirmed_at).toBeTruthy();
    const { error: deleteError } = await service().auth.admin.deleteUser(user.id);
    expect(deleteError).toBeNull();
    const { rows } = await sql.query('select count(*)::int as n from auth.identities where user_id = $1', [user.id]);
    expect(rows[0].n).toBe(0);
    const { rows: trail } = await sql.query(
      `select payload->>'action' as action from auth.audit_log_entries where payload->'traits'->>'user_id' = $1 order by created_at`,
      [user.id],
    );
    expect(trail.map((r) => r.action)).toEqual(['user_signedup', 'user_modified', 'user_deleted']);
  });
});

describe('/storage/v1 on the platform’s storage tables', () => {
  it('writes owner and owner_id as Storage does, and only the API may delete rows', async () => {
    const admin = await signedIn(ADMIN);
    const adminId = (await admin.auth.getUser()).data.user!.id;
    const { error } = await admin.storage.from(BUCKET).upload('gw-test/rows.png', await png(4, 4), { contentType: 'image/png' });
    expect(error).toBeNull();
    const { rows } = await sql.query(
      `select owner::text, owner_id, version is not null as versioned, path_tokens from storage.objects where bucket_id = $1 and name = $2`,
      [BUCKET, 'gw-test/rows.png'],
    );
    expect(rows).toEqual([{ owner: adminId, owner_id: adminId, versioned: true, path_tokens: ['gw-test', 'rows.png'] }]);
    await expect(sql.query(`delete from storage.objects where bucket_id = $1 and name = 'gw-test/rows.png'`, [BUCKET])).rejects.toThrow(
      /Direct deletion from storage tables is not allowed/,
    );
    const removed = await admin.storage.from(BUCKET).remove(['gw-test/rows.png']);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(1);
  });
});

describe('/storage/v1', () => {
  const path = `gw-test/${randomUUID()}.png`;
  let original: Buffer;

  it('reads the shop buckets’ rules', async () => {
    const { data, error } = await service().storage.getBucket(BUCKET);
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: BUCKET, public: true, file_size_limit: 5 * 1024 * 1024 });
    expect(data!.allowed_mime_types).toContain('image/png');
  });

  it('lets an admin upload and refuses anon and a non-admin user through RLS', async () => {
    original = await png(400, 300);
    const blob = () => new Blob([new Uint8Array(original)], { type: 'image/png' });

    const byAnon = await anon().storage.from(BUCKET).upload(path, blob());
    expect(byAnon.data).toBeNull();
    expect(byAnon.error).toMatchObject({ status: 403, statusCode: '403', message: 'new row violates row-level security policy' });

    const byUser = await (await signedIn(USER)).storage.from(BUCKET).upload(path, blob());
    expect(byUser.error?.message).toBe('new row violates row-level security policy');
    expect(filesUnder(join(storageDir, BUCKET))).not.toContain(path);

    const admin = await signedIn(ADMIN);
    const { data, error } = await admin.storage.from(BUCKET).upload(path, blob(), { cacheControl: '31536000' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path, fullPath: `${BUCKET}/${path}` });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);

    const again = await admin.storage.from(BUCKET).upload(path, blob());
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' });

    // anyone reads an object by its URL, but only admins list a bucket's folders
    const listed = await admin.storage.from(BUCKET).list('gw-test');
    expect(listed.data?.map((f) => f.name)).toContain(path.slice('gw-test/'.length));
    expect((await anon().storage.from(BUCKET).list('gw-test')).data).toEqual([]);
    expect((await (await signedIn(USER)).storage.from(BUCKET).list('gw-test')).data).toEqual([]);
  });

  it('refuses files that are not images or are over 5 MB', async () => {
    const admin = await signedIn(ADMIN);
    const text = await admin.storage.from(BUCKET).upload('gw-test/notes.txt', new Blob(['hola'], { type: 'text/plain' }));
    expect(text.error?.message).toMatch(/mime type text\/plain is not supported/);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    const tooBig = await admin.storage.from(BUCKET).upload('gw-test/big.png', new Blob([big], { type: 'image/png' }));
    expect(tooBig.error).toMatchObject({ status: 413, message: 'The object exceeded the maximum allowed size' });

    const raw = await admin.storage.from(BUCKET).upload('gw-test/big-raw.png', big, { contentType: 'image/png' });
    expect(raw.error?.message).toBe('The object exceeded the maximum allowed size');
    expect(filesUnder(join(storageDir, BUCKET)).filter((f) => /notes|big/.test(f))).toEqual([]);
  });

  it('takes only JPG, PNG and WebP, and only when the content is one', async () => {
    const admin = await signedIn(ADMIN);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const asSvg = await admin.storage.from(BUCKET).upload('gw-test/logo.svg', new Blob([svg], { type: 'image/svg+xml' }));
    expect(asSvg.error?.message).toMatch(/mime type image\/svg\+xml is not supported/);
    const disguised = await admin.storage
      .from(BUCKET)
      .upload('gw-test/page.png', new Blob(['<html><script>alert(1)</script>'], { type: 'image/png' }));
    expect(disguised.error?.message).toBe("the file's content is not image/png");
    const gif = await admin.storage
      .from(BUCKET)
      .upload('gw-test/anim.gif', new Blob([new Uint8Array(await sharp(original).gif().toBuffer())], { type: 'image/gif' }));
    expect(gif.error?.message).toMatch(/mime type image\/gif is not supported/);
    const webp = await admin.storage
      .from(BUCKET)
      .upload('gw-test/ok.webp', new Blob([new Uint8Array(await sharp(original).webp().toBuffer())], { type: 'image/webp' }));
    expect(webp.error).toBeNull();
    await admin.storage.from(BUCKET).remove(['gw-test/ok.webp']);
    expect(filesUnder(join(storageDir, BUCKET)).filter((f) => /logo|page\.png|anim/.test(f))).toEqual([]);
  });

  it('rejects object names that try to leave the bucket folder', async () => {
    const admin = await signedIn(ADMIN);
    const { error } = await admin.storage
      .from(BUCKET)
      .upload('gw-test/..%2F..%2F..%2Fescape.png', new Blob([new Uint8Array(original)], { type: 'image/png' }));
    expect(error).not.toBeNull();
    expect(filesUnder(dir).filter((f) => f.includes('escape'))).toEqual([]);
  });

  it('serves the public URL without a key, with type, cache headers and ETag', async () => {
    const { data } = anon().storage.from(BUCKET).getPublicUrl(path);
    expect(data.publicUrl).toBe(`${url}/storage/v1/object/public/${BUCKET}/${path}`);
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('max-age=31536000');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(original)).toBe(true);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await fetch(data.publicUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);

    expect((await fetch(`${url}/storage/v1/object/public/${BUCKET}/gw-test/missing.png`)).status).toBe(404);
  });

  it('transforms images once, then serves the variant from the cache', async () => {
    const { data } = anon()
      .storage.from(BUCKET)
      .getPublicUrl(path, { transform: { width: 120 } });
    expect(data.publicUrl).toBe(`${url}/storage/v1/render/image/public/${BUCKET}/${path}?width=120`);

    const first = await fetch(data.publicUrl);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('x-transform-cache')).toBe('MISS');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(bytes.length).toBeLessThan(original.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 120, height: 90 });

    const cached = filesUnder(join(storageDir, '.render-cache'));
    expect(cached).toHaveLength(1);
    const cachedFile = join(storageDir, '.render-cache', cached[0]!);
    const renderedAt = statSync(cachedFile).mtimeMs;

    const second = await fetch(data.publicUrl);
    expect(second.headers.get('x-transform-cache')).toBe('HIT');
    expect(Buffer.from(await second.arrayBuffer()).equals(bytes)).toBe(true);
    expect(statSync(cachedFile).mtimeMs).toBe(renderedAt);

    const cover = await fetch(
      anon()
        .storage.from(BUCKET)
        .getPublicUrl(path, { transform: { width: 96, height: 96, quality: 60 } }).data.publicUrl,
    );
    expect(await sharp(Buffer.from(await cover.arrayBuffer())).metadata()).toMatchObject({ width: 96, height: 96 });
    const origin = await fetch(`${url}/storage/v1/render/image/public/${BUCKET}/${path}?width=240&format=origin`);
    expect(origin.headers.get('content-type')).toBe('image/png');
  });

  it('renders only the sizes and qualities the shop uses', async () => {
    const render = (query: string) => fetch(`${url}/storage/v1/render/image/public/${BUCKET}/${path}?${query}`);
    for (const [query, message] of [
      ['width=100', 'width must be one of 96, 120, 192, 240, 360, 400, 480, 640, 720, 960, 1200, 1280, 1600'],
      ['width=2400', 'width must be one of 96, 120, 192, 240, 360, 400, 480, 640, 720, 960, 1200, 1280, 1600'],
      ['width=120&quality=55', 'quality must be one of 60, 75, 80'],
      ['width=120&height=241', 'height must be an integer between 1 and 240'],
    ] as const) {
      const res = await render(query);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
  });

  it('keeps the render cache under its cap, dropping the variants used least recently', async () => {
    // noise does not compress: each variant weighs tens to hundreds of kilobytes
    const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    const admin = await signedIn(ADMIN);
    const uploaded = await admin.storage.from(BUCKET).upload('gw-test/noise.png', new Blob([new Uint8Array(noise)], { type: 'image/png' }));
    expect(uploaded.error).toBeNull();
    const render = (query: string) => fetch(`${url}/storage/v1/render/image/public/${BUCKET}/gw-test/noise.png?${query}`);
    const queries = [120, 192, 240, 360].flatMap((w) => [`width=${w}&format=png`, `width=${w}&format=jpeg&quality=60`]);
    for (const q of queries) expect((await render(q)).status, q).toBe(200);
    const sizes = filesUnder(join(storageDir, '.render-cache')).map((f) => statSync(join(storageDir, '.render-cache', f)).size);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(RENDER_CACHE_BYTES);
    // the latest variant is still there; the first ones were dropped and are rendered again
    expect((await render(queries.at(-1)!)).headers.get('x-transform-cache')).toBe('HIT');
    expect((await render(queries[0]!)).headers.get('x-transform-cache')).toBe('MISS');
    await admin.storage.from(BUCKET).remove(['gw-test/noise.png']);
  });

  it('replaces an object with upsert and renders the new picture', async () => {
    const admin = await signedIn(ADMIN);
    const replacement = await png(200, 200);
    const { error } = await admin.storage
      .from(BUCKET)
      .upload(path, new Blob([new Uint8Array(replacement)], { type: 'image/png' }), { upsert: true });
    expect(error).toBeNull();
    const res = await fetch(anon().storage.from(BUCKET).getPublicUrl(path).data.publicUrl);
    expect(Buffer.from(await res.arrayBuffer()).equals(replacement)).toBe(true);
    const rendered = await fetch(
      anon()
        .storage.from(BUCKET)
        .getPublicUrl(path, { transform: { width: 120 } }).data.publicUrl,
    );
    expect(rendered.headers.get('x-transform-cache')).toBe('MISS');
    expect(await sharp(Buffer.from(await rendered.arrayBuffer())).metadata()).toMatchObject({ width: 120, height: 120 });
  });

  it('removes only for admins; the file and its variants leave the disk', async () => {
    const byAnon = await anon().storage.from(BUCKET).remove([path]);
    expect(byAnon.data).toEqual([]);
    expect((await fetch(anon().storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(200);

    const admin = await signedIn(ADMIN);
    const { data, error } = await admin.storage.from(BUCKET).remove([path]);
    expect(error).toBeNull();
    expect(data?.map((o) => o.name)).toEqual([path]);
    expect((await fetch(anon().storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status).toBe(404);
    expect(filesUnder(join(storageDir, BUCKET))).not.toContain(path);
    expect(filesUnder(join(storageDir, '.render-cache'))).toEqual([]);
  });
});

describe('/functions/v1', () => {
  it('runs the function in Deno with the caller’s headers and the Supabase environment', async () => {
    const { data, error } = await anon().functions.invoke('hello', { body: { name: 'Ana' }, headers: { 'x-custom': 'sí' } });
    expect(error).toBeNull();
    expect(data).toEqual({
      greeting: 'Hola, Ana',
      method: 'POST',
      path: '/hello',
      hasAuthorization: true,
      custom: 'sí',
      forwardedHost: new URL(url).host,
      supabaseUrl: url,
      hasServiceKey: true,
    });
  });

  it('asks no API key, as Supabase does not: the function’s JWT check is the only one', async () => {
    const call = (headers: Record<string, string>) =>
      fetch(`${url}/functions/v1/hello`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{"name":"Ana"}',
      });
    const bare = await call({});
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      code: 'UNAUTHORIZED_NO_AUTH_HEADER',
      message: 'Falta el encabezado Authorization: inicia sesión.',
    });
    const signed = await call({ authorization: `Bearer ${stack.anonKey}` });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ greeting: 'Hola, Ana' });
  });

  it('answers 404 for an unknown function, 500 WORKER_ERROR for one that throws and 503 BOOT_ERROR for one that cannot start', async () => {
    const missing = await anon().functions.invoke('does-not-exist');
    expect(missing.data).toBeNull();
    const res = (missing.error as { context: Response }).context;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'La función no existe.' });

    const broken = await anon().functions.invoke('broken');
    const failed = (broken.error as { context: Response }).context;
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'La función terminó con un error (revisa el registro del servidor).',
    });

    const notStarted = await anon().functions.invoke('fails-to-start');
    const refused = (notStarted.error as { context: Response }).context;
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ code: 'BOOT_ERROR', message: 'La función no pudo arrancar (revisa el registro del servidor).' });
  });
});
