/**
 * ra-supabase's auth provider (its sign-in and identity), narrowed to the back office's rules: email + password sign-in, only
 * accounts with a staff role in app_metadata (never user_metadata), and a session that ends 24 h
 * after login here in the browser (the server time-boxes sessions at 24 h as well). The role is the
 * permissions react-admin passes around; canAccess (accessRules.ts) hides what a role may not use.
 * The database enforces the same on its own: hiding is for the person, not for security.
 */
import type { User } from '@supabase/supabase-js';
import { supabaseAuthProvider } from 'ra-supabase';
import type { AuthProvider } from 'react-admin';
import { type StaffRole, staffRoleOf } from '../common/staff-roles.ts';
import { canRoleAccess } from './accessRules.ts';
import { nextStep, TWO_FACTOR_LOCKED, teamRequiresTwoFactor, verifiedFactorId, verifyCode } from './twoFactor.ts';
import { endSession, isSessionFresh, startSession } from './session.ts';
import { SESSION_STORAGE_KEY, supabase } from './supabase.ts';

/** Where an emailed link (an invitation, a password reset) brings the person back: this back office's own password page. */
export const setPasswordUrl = () => `${window.location.origin}/admin/set-password`;

/** Message keys (translated by the i18n provider; the login page shows them). */
export const AUTH_ERRORS = {
  wrongCredentials: 'app.auth.wrong_credentials',
  failed: 'app.auth.login_failed',
  noAccess: 'app.auth.no_access',
  expired: 'app.auth.session_expired',
  tooManyAttempts: 'app.auth.too_many_attempts',
  deactivated: 'app.auth.deactivated',
  /** The password was right; the person's second factor comes next (the login page asks for the code). */
  codeRequired: 'app.auth.code_required',
  /** The team requires a second factor of someone who has none: the login page enrols an app. */
  enrolRequired: 'app.auth.enrol_required',
} as const;

export function isAdminUser(user: Pick<User, 'app_metadata'> | null | undefined): boolean {
  return staffRoleOf(user?.app_metadata) !== null;
}

/** Pages a person reaches without a session: choosing a password from an email link, asking for one. */
export const PUBLIC_PATHS = ['/admin/set-password', '/admin/forgot-password'];
const onPublicPage = () => PUBLIC_PATHS.includes(window.location.pathname.replace(/\/+$/, ''));

const base = supabaseAuthProvider(supabase, {
  getIdentity: async (user) => ({
    id: user.id,
    fullName: user.email ?? user.id,
  }),
  getPermissions: async (user) => staffRoleOf(user.app_metadata),
});

function storage(): Storage {
  return window.localStorage;
}

async function signOutQuietly(): Promise<void> {
  endSession(storage());
  // Nothing stored: nothing to sign out of. Returning at once matters: react-admin may call logout
  // several times while redirecting, and supabase-js serialises auth calls behind a lock.
  if (storage().getItem(SESSION_STORAGE_KEY) === null) return;
  try {
    await supabase.auth.signOut({ scope: 'local' });
  } catch {
    // already signed out
  }
}

export interface LoginParams {
  username?: string;
  email?: string;
  password?: string;
  /** The second step: the 6-digit code of the person's authenticator app, after the password. */
  code?: string;
  /** The second step done by enrolling an app (TwoFactorEnrol) during the sign-in. */
  enrolled?: boolean;
}

/**
 * After the password: the person enters once their session meets the two-step rule. Someone with
 * an authenticator app gives its code; someone without one, when the team requires it, enrols one.
 */
async function finishSignIn(): Promise<void> {
  if ((await nextStep()) === 'code') throw new Error(AUTH_ERRORS.codeRequired);
  if ((await teamRequiresTwoFactor()) && (await verifiedFactorId()) === null) throw new Error(AUTH_ERRORS.enrolRequired);
  startSession(storage());
}

export const authProvider: AuthProvider = {
  ...base,

  async login(params: LoginParams) {
    if (params.code !== undefined) {
      const factorId = await verifiedFactorId();
      if (!factorId) throw new Error(AUTH_ERRORS.failed);
      try {
        await verifyCode(factorId, params.code);
      } catch (error) {
        // the server ended the session: forget it here too, so the sign-in starts from the password
        if (error instanceof Error && error.message === TWO_FACTOR_LOCKED) await signOutQuietly();
        throw error;
      }
      return finishSignIn();
    }
    if (params.enrolled) return finishSignIn();
    const email = (params.username ?? params.email ?? '').trim();
    const password = params.password ?? '';
    if (!email || !password) throw new Error(AUTH_ERRORS.wrongCredentials);
    try {
      await base.login({ email, password });
    } catch (error) {
      const { code, status, message } = (error ?? {}) as { code?: string; status?: number; message?: string };
      const wrong = code === 'invalid_credentials' || (status === 400 && /invalid/i.test(message ?? ''));
      // the auth server makes an address or an account wait after too many attempts
      if (status === 429) throw new Error(AUTH_ERRORS.tooManyAttempts);
      // an owner deactivated the account ('Equipo')
      if (code === 'user_banned') throw new Error(AUTH_ERRORS.deactivated);
      throw new Error(wrong ? AUTH_ERRORS.wrongCredentials : AUTH_ERRORS.failed);
    }
    const user = (await supabase.auth.getSession()).data.session?.user;
    if (!isAdminUser(user)) {
      await signOutQuietly();
      throw new Error(AUTH_ERRORS.noAccess);
    }
    await finishSignIn();
  },

  async logout() {
    // No redirect returned: react-admin goes to its login page under the basename (/admin/login).
    await signOutQuietly();
  },

  async checkAuth() {
    if (onPublicPage()) return;
    const { data } = await supabase.auth.getSession();
    const session = data.session;
    if (!session) {
      endSession(storage());
      throw { message: false };
    }
    if (!isAdminUser(session.user)) {
      await signOutQuietly();
      throw { message: AUTH_ERRORS.noAccess };
    }
    if (!isSessionFresh(storage())) {
      await signOutQuietly();
      throw { message: AUTH_ERRORS.expired };
    }
  },

  async checkError(error) {
    const status = (error as { status?: number } | null)?.status;
    if (status === 401 || status === 403) {
      // An expired or revoked token (PostgREST 401) ends the session; a 403 from RLS may be a real refusal.
      const { data } = await supabase.auth.getSession();
      if (!data.session || !isSessionFresh(storage())) {
        await signOutQuietly();
        throw { message: AUTH_ERRORS.expired };
      }
    }
  },

  async getPermissions(): Promise<StaffRole | null> {
    if (onPublicPage()) return null;
    const { data } = await supabase.auth.getSession();
    if (!data.session) return null;
    const role = staffRoleOf(data.session.user.app_metadata);
    if (!role) {
      await signOutQuietly();
      throw { message: AUTH_ERRORS.noAccess };
    }
    return isSessionFresh(storage()) ? role : null;
  },

  async canAccess({ resource, action }) {
    const { data } = await supabase.auth.getSession();
    return canRoleAccess(staffRoleOf(data.session?.user.app_metadata), resource, action);
  },
};
