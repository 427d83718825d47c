/**
 * Two-step sign-in with an authenticator app (Supabase Auth's MFA API through supabase-js): what
 * the sign-in asks for, enrolling an app, checking a code, removing one, and the team's rule.
 * Refusals throw an Error whose message is a key of the back office's messages (app.two_factor.*).
 */
import { callRpc } from './rpc.ts';
import { supabase } from './supabase.ts';

/** Too many wrong codes: the account's sessions were ended, and the sign-in starts again. */
export const TWO_FACTOR_LOCKED = 'app.two_factor.locked';

export interface Enrolment {
  factorId: string;
  /** The QR code as an image address (SVG). */
  qr: string;
  /** The same secret as text, for typing into the app by hand. */
  secret: string;
}

/** 'code' when the session still has to pass the person's second factor, else 'done'. */
export async function nextStep(): Promise<'code' | 'done'> {
  const { data } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  return data?.nextLevel === 'aal2' && data.currentLevel !== 'aal2' ? 'code' : 'done';
}

/** The person's verified authenticator, or null. */
export async function verifiedFactorId(): Promise<string | null> {
  const { data } = await supabase.auth.mfa.listFactors();
  return data?.totp[0]?.id ?? null;
}

/** Auth answers the QR code as SVG text behind a data: prefix; encoded, it is a safe image address. */
function imageAddress(qr: string): string {
  const svg = qr.replace(/^data:image\/svg\+xml;utf-8,/, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export async function enrolApp(): Promise<Enrolment> {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'App de autenticación', issuer: 'Outlet MX' });
  if (error || !data) throw new Error('app.two_factor.enrol_failed');
  return { factorId: data.id, qr: imageAddress(data.totp.qr_code), secret: data.totp.secret };
}

/** Checks a 6-digit code of the app; the session is aal2 afterwards. */
export async function verifyCode(factorId: string, code: string): Promise<void> {
  const clean = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(clean)) throw new Error('app.two_factor.code_format');
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code: clean });
  if (error?.code === 'mfa_verification_failed') throw new Error('app.two_factor.code_wrong');
  // too many wrong codes: Auth refused the attempt and ended every session of the person
  if (error?.code === 'mfa_verification_rejected') throw new Error(TWO_FACTOR_LOCKED);
  if (error) throw new Error('app.two_factor.verify_failed');
}

export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw new Error('app.two_factor.remove_failed');
}

export const teamRequiresTwoFactor = () => callRpc('team_two_factor_required', {});
export const setTeamRequiresTwoFactor = (required: boolean) => callRpc('set_team_two_factor_required', { p_required: required });
