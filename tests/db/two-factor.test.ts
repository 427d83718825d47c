/**
 * Two-step sign-in through supabase-js' `auth.mfa`, against the local Auth and the database rule
 * (private.staff_role): enrolling an authenticator app, a wrong and a right code, the aal2 session
 * and its refresh, what an aal1 session of a person with an app may do (nothing of staff), removing
 * an app, an owner's reset of someone's app, and the team's "everyone with two steps" rule.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { ensureUser, serviceClient, sql, stack } from './helpers.ts';

const OWNER = { email: 'duena@two-factor.test', password: 'duena-password-123' };
const EDITOR = { email: 'editor@two-factor.test', password: 'editor-password-123' };

async function session(who: { email: string; password: string }): Promise<SupabaseClient> {
  const client = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const { error } = await client.auth.signInWithPassword(who);
  if (error) throw error;
  return client;
}

const codeOf = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

async function costsVisible(client: SupabaseClient): Promise<number> {
  const { data } = await client.from('product_private').select('product_id');
  return data?.length ?? 0;
}

let secret = '';
let factorId = '';

beforeAll(async () => {
  await F.loadFixture();
  await ensureUser(OWNER.email, OWNER.password, 'owner');
  await ensureUser(EDITOR.email, EDITOR.password, 'editor');
});

afterAll(async () => {
  await sql.query('update private.team_settings set require_two_factor = false');
  await sql.query(`delete from auth.users where email like '%@two-factor.test'`);
});

describe('an authenticator app', () => {
  it('is enrolled with a QR code and a secret, and verified by its first right code', async () => {
    const owner = await session(OWNER);
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Teléfono', issuer: 'Outlet MX' });
    expect(enrolled.error).toBeNull();
    const totp = enrolled.data!.totp;
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\/Outlet%20MX:duena%40two-factor\.test\?.*secret=[A-Z2-7]+/);
    expect(totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/);
    secret = totp.secret;
    factorId = enrolled.data!.id;

    const wrong = await owner.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret, 10) });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    // an unverified app asks nothing more of the password session yet
    expect(await costsVisible(owner)).toBe(4);

    const right = await owner.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) });
    expect(right.error).toBeNull();
    const level = (await owner.auth.mfa.getAuthenticatorAssuranceLevel()).data!;
    expect(level.currentLevel).toBe('aal2');
    expect(level.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method)).sort()).toEqual(['password', 'totp']);
    expect((await owner.rpc('staff_role')).data).toBe('owner');
    // a refreshed session stays at two steps
    const refreshed = await owner.auth.refreshSession();
    expect(JSON.parse(Buffer.from(refreshed.data.session!.access_token.split('.')[1]!, 'base64url').toString())['aal']).toBe('aal2');
  });

  it('makes a password-only session ask for the code, and count as nobody until it is given', async () => {
    const owner = await session(OWNER);
    const level = (await owner.auth.mfa.getAuthenticatorAssuranceLevel()).data!;
    expect([level.currentLevel, level.nextLevel]).toEqual(['aal1', 'aal2']);
    expect((await owner.rpc('staff_role')).data).toBeNull();
    expect(await costsVisible(owner)).toBe(0);
    const write = await owner.rpc('delete_product', { p_id: F.P1 });
    expect(write.error?.message).toBe('No autorizado');
    // nor can that session remove the app or add another
    expect((await owner.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal');
    expect((await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Otro' })).error?.code).toBe('insufficient_aal');

    const { data: factors } = await owner.auth.mfa.listFactors();
    expect(factors!.totp.map((f) => f.id)).toEqual([factorId]);
    expect((await owner.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) })).error).toBeNull();
    expect(await costsVisible(owner)).toBe(4);
  });

  it('verifies a challenge once', async () => {
    const owner = await session(OWNER);
    const challenge = await owner.auth.mfa.challenge({ factorId });
    const code = codeOf(secret);
    expect((await owner.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code })).error).toBeNull();
    expect((await owner.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code })).error?.code).toBe('mfa_challenge_not_found');
  });
});

describe('the team requires two steps', () => {
  it('can only be switched on by an owner who passed two steps, and then holds everyone to it', async () => {
    const passwordOnly = await session(OWNER);
    expect((await passwordOnly.rpc('set_team_two_factor_required', { p_required: true })).error?.message).toBe('No autorizado');
    const editor = await session(EDITOR);
    expect((await editor.rpc('set_team_two_factor_required', { p_required: true })).error?.message).toBe('No autorizado');
    expect(await costsVisible(editor)).toBe(4);

    const owner = await session(OWNER);
    await owner.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) });
    expect((await owner.rpc('set_team_two_factor_required', { p_required: true })).data).toBe(true);
    expect((await editor.rpc('team_two_factor_required')).data).toBe(true);
    // the editor, who has no app, is nobody until they enrol one and pass it
    expect((await editor.rpc('staff_role')).data).toBeNull();
    expect(await costsVisible(editor)).toBe(0);
    const enrolled = await editor.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Teléfono' });
    expect(
      (await editor.auth.mfa.challengeAndVerify({ factorId: enrolled.data!.id, code: codeOf(enrolled.data!.totp.secret) })).error,
    ).toBeNull();
    expect((await editor.rpc('staff_role')).data).toBe('editor');

    expect((await owner.rpc('set_team_two_factor_required', { p_required: false })).data).toBe(false);
  });

  it('switching it on from a session without two steps is refused with the reason', async () => {
    await sql.query(`update auth.mfa_factors set status = 'unverified' where user_id = (select id from auth.users where email = $1)`, [
      OWNER.email,
    ]);
    const owner = await session(OWNER);
    const refused = await owner.rpc('set_team_two_factor_required', { p_required: true });
    expect(refused.error?.message).toBe('Activa primero tu verificación en dos pasos (Mi cuenta) para poder exigirla al equipo.');
    expect((await sql.query('select require_two_factor from private.team_settings')).rows[0].require_two_factor).toBe(false);
    await sql.query(`update auth.mfa_factors set status = 'verified' where user_id = (select id from auth.users where email = $1)`, [
      OWNER.email,
    ]);
  });
});

describe('removing an app', () => {
  it('by the person, from a two-step session; by the admin API, for someone who lost their phone', async () => {
    const owner = await session(OWNER);
    await owner.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) });
    expect((await owner.auth.mfa.unenroll({ factorId })).error).toBeNull();
    expect((await (await session(OWNER)).auth.mfa.getAuthenticatorAssuranceLevel()).data!.nextLevel).toBe('aal1');

    const { rows } = await sql.query<{ id: string; user_id: string }>(
      `select f.id, f.user_id from auth.mfa_factors f join auth.users u on u.id = f.user_id where u.email = $1`,
      [EDITOR.email],
    );
    expect(rows).toHaveLength(1);
    const removed = await serviceClient().auth.admin.mfa.deleteFactor({ id: rows[0]!.id, userId: rows[0]!.user_id });
    expect(removed.error).toBeNull();
    const editor = await session(EDITOR);
    expect((await editor.rpc('staff_role')).data).toBe('editor');
  });
});

describe('guessing codes', () => {
  const GUESSER = { email: 'adivina@two-factor.test', password: 'adivina-password-123' };
  const LOCKED = 'Demasiados códigos incorrectos. Por seguridad cerramos tu sesión: espera 15 minutos y vuelve a iniciar sesión.';
  const LOCKED_TODAY =
    'Demasiados códigos incorrectos hoy. Por seguridad cerramos tu sesión: inténtalo mañana o pide a un dueño que restablezca tu verificación en dos pasos.';
  let appSecret = '';
  let appId = '';

  beforeAll(async () => {
    await ensureUser(GUESSER.email, GUESSER.password, 'editor');
    const person = await session(GUESSER);
    const enrolled = await person.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Teléfono' });
    appSecret = enrolled.data!.totp.secret;
    appId = enrolled.data!.id;
    expect((await person.auth.mfa.challengeAndVerify({ factorId: appId, code: codeOf(appSecret) })).error).toBeNull();
  });

  /** A code that is not the app's now (nor one step either side). */
  const wrongCode = () => {
    const near = new Set([-1, 0, 1].map((step) => codeOf(appSecret, step)));
    let code = 100000;
    while (near.has(String(code))) code++;
    return String(code);
  };

  const lockEntries = async () =>
    (
      await sql.query<{ request: string; subject_label: string; after: unknown }>(
        `select request, subject_label, after from public.audit_changes where subject_label = $1 order by id`,
        [GUESSER.email],
      )
    ).rows;

  it('takes 4 wrong codes; the 5th in 15 minutes signs the person out, and every code is refused until they age', async () => {
    const thief = await session(GUESSER);
    for (let i = 0; i < 4; i++) {
      expect((await thief.auth.mfa.challengeAndVerify({ factorId: appId, code: wrongCode() })).error?.code).toBe('mfa_verification_failed');
    }
    const fifth = await thief.auth.mfa.challengeAndVerify({ factorId: appId, code: wrongCode() });
    expect(fifth.error?.code).toBe('mfa_verification_rejected');
    expect(fifth.error?.message).toBe(LOCKED);
    // every session of the person ended, as Supabase Auth does on a rejection
    const sessions = await sql.query(
      'select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
      [GUESSER.email],
    );
    expect(sessions.rows[0].n).toBe(0);
    expect((await thief.auth.mfa.challenge({ factorId: appId })).error).not.toBeNull();

    // even the right code is refused while the app is locked
    const again = await session(GUESSER);
    const right = await again.auth.mfa.challengeAndVerify({ factorId: appId, code: codeOf(appSecret) });
    expect(right.error?.message).toBe(LOCKED);
    expect((await again.rpc('staff_role')).data).toBeNull();

    // the owner reads both refusals in the history
    expect(await lockEntries()).toEqual([
      { request: 'POST /auth/v1/factors/verify two_factor_locked', subject_label: GUESSER.email, after: { failed_codes: 5 } },
      { request: 'POST /auth/v1/factors/verify two_factor_refused', subject_label: GUESSER.email, after: { failed_codes: 5 } },
    ]);

    // 15 minutes later the person signs in with their code
    await sql.query(`update private.two_factor_failures set at = at - interval '16 minutes'`);
    const later = await session(GUESSER);
    expect((await later.auth.mfa.challengeAndVerify({ factorId: appId, code: codeOf(appSecret) })).error).toBeNull();
    expect((await later.rpc('staff_role')).data).toBe('editor');
  });

  it('takes 20 wrong codes a day, however slowly they come', async () => {
    // 19 wrong codes spread over the last hours
    await sql.query(
      `insert into private.two_factor_failures (factor_id, user_id, at)
       select $1, f.user_id, now() - g * interval '20 minutes' from auth.mfa_factors f, generate_series(1, 19) g where f.id = $1`,
      [appId],
    );
    const thief = await session(GUESSER);
    const twentieth = await thief.auth.mfa.challengeAndVerify({ factorId: appId, code: wrongCode() });
    expect(twentieth.error?.message).toBe(LOCKED_TODAY);
    const right = await (await session(GUESSER)).auth.mfa.challengeAndVerify({ factorId: appId, code: codeOf(appSecret) });
    expect(right.error?.message).toBe(LOCKED_TODAY);
    await sql.query('delete from private.two_factor_failures');
  });
});
