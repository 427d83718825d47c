/**
 * The team's rules, apart from any request: which roles exist, what a team member looks like to
 * the 'Equipo' screen, and the one rule the team itself must keep (at least one active owner).
 */

export const ROLES = ['owner', 'editor', 'analyst'] as const;
export type Role = (typeof ROLES)[number];
export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** A user as Supabase Auth's admin API answers with it (the fields read here). */
export interface AuthUser {
  id: string;
  email?: string;
  app_metadata?: Record<string, unknown>;
  banned_until?: string | null;
  invited_at?: string | null;
  email_confirmed_at?: string | null;
  last_sign_in_at?: string | null;
  created_at?: string;
  factors?: Array<{ status?: string }>;
}

export interface Member {
  id: string;
  email: string;
  role: Role;
  /** 'invitado': invited and not yet accepted; 'desactivado': may not sign in. */
  status: 'activo' | 'invitado' | 'desactivado';
  two_factor: boolean;
  invited_at: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
}

const deactivated = (u: AuthUser, now: Date) => Boolean(u.banned_until && new Date(u.banned_until) > now);

/** The accounts with a staff role, as the screen lists them: owners first, then by address. */
export function members(users: AuthUser[], now = new Date()): Member[] {
  const order = (role: Role) => ROLES.indexOf(role);
  return users
    .filter((u) => isRole(u.app_metadata?.['role']))
    .map((u) => ({
      id: u.id,
      email: u.email ?? '',
      role: u.app_metadata!['role'] as Role,
      status: deactivated(u, now) ? ('desactivado' as const) : u.email_confirmed_at ? ('activo' as const) : ('invitado' as const),
      two_factor: (u.factors ?? []).some((f) => f.status === 'verified'),
      invited_at: u.invited_at ?? null,
      last_sign_in_at: u.last_sign_in_at ?? null,
      created_at: u.created_at ?? null,
    }))
    .sort((a, b) => order(a.role) - order(b.role) || a.email.localeCompare(b.email));
}

/**
 * The refusal, in Spanish, when a change would leave the shop without an active owner (a demotion
 * or a deactivation of the last one); null when the change keeps one.
 */
export function lastOwnerRefusal(team: Member[], targetId: string, change: { role?: Role; deactivate?: boolean }): string | null {
  const target = team.find((m) => m.id === targetId);
  if (target?.role !== 'owner' || target.status !== 'activo') return null;
  const losesOwner = change.deactivate === true || (change.role !== undefined && change.role !== 'owner');
  if (!losesOwner) return null;
  const otherOwners = team.filter((m) => m.id !== targetId && m.role === 'owner' && m.status === 'activo');
  return otherOwners.length === 0 ? 'La tienda necesita al menos un dueño activo: nombra a otro dueño antes.' : null;
}
