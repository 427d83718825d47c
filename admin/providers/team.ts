/**
 * The team, through the admin-users Edge Function (Supabase Auth's admin API needs the service key,
 * which only the function holds). Every call is refused unless the caller is an owner; a refusal
 * throws an Error with the function's Spanish message.
 */
import type { StaffRole } from '../common/staff-roles.ts';
import type { Member } from '../../supabase/functions/admin-users/team.ts';
import { setPasswordUrl } from './authProvider.ts';
import { invokeFunction } from './functions.ts';

export type { Member };

async function call<T>(body: Record<string, unknown>): Promise<T> {
  const data = await invokeFunction<T>('admin-users', body);
  if (data === null) throw new Error('El servidor no respondió.');
  return data;
}

export const team = {
  list: async () => (await call<{ members: Member[] }>({ action: 'list' })).members,
  invite: (email: string, role: StaffRole) => call<{ member: Member }>({ action: 'invite', email, role, redirect_to: setPasswordUrl() }),
  setRole: (userId: string, role: StaffRole) => call<{ members: Member[] }>({ action: 'set_role', user_id: userId, role }),
  deactivate: (userId: string) => call<{ members: Member[] }>({ action: 'deactivate', user_id: userId }),
  reactivate: (userId: string) => call<{ members: Member[] }>({ action: 'reactivate', user_id: userId }),
  resetTwoFactor: (userId: string) => call<{ members: Member[] }>({ action: 'reset_two_factor', user_id: userId }),
  resetPassword: (userId: string) =>
    call<{ sent_to: string }>({ action: 'reset_password', user_id: userId, redirect_to: setPasswordUrl() }),
};
