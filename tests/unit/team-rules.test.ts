import { describe, expect, it } from 'vitest';
import { type AuthUser, lastOwnerRefusal, members } from '../../supabase/functions/admin-users/team.ts';

const now = new Date('2026-11-25T12:00:00Z');
const user = (id: string, role: string | undefined, extra: Partial<AuthUser> = {}): AuthUser => ({
  id,
  email: `${id}@tienda.mx`,
  app_metadata: role ? { role } : {},
  email_confirmed_at: '2026-11-01T00:00:00Z',
  ...extra,
});

describe('the team as the Equipo screen lists it', () => {
  it('lists only accounts with a staff role, owners first, with their state', () => {
    const list = members(
      [
        user('zoe', 'analyst'),
        user('ana', 'owner'),
        user('cliente', undefined),
        user('viejo', 'admin'),
        user('ivan', 'editor', { email_confirmed_at: null, invited_at: '2026-11-24T00:00:00Z' }),
        user('beto', 'owner', { banned_until: '2126-01-01T00:00:00Z' }),
        user('carla', 'editor', { banned_until: '2026-11-01T00:00:00Z', factors: [{ status: 'verified' }] }),
      ],
      now,
    );
    expect(list.map((m) => [m.email, m.role, m.status, m.two_factor])).toEqual([
      ['ana@tienda.mx', 'owner', 'activo', false],
      ['beto@tienda.mx', 'owner', 'desactivado', false],
      ['carla@tienda.mx', 'editor', 'activo', true],
      ['ivan@tienda.mx', 'editor', 'invitado', false],
      ['zoe@tienda.mx', 'analyst', 'activo', false],
    ]);
  });
});

describe('the shop always keeps an active owner', () => {
  const team = members(
    [user('ana', 'owner'), user('beto', 'owner', { banned_until: '2126-01-01T00:00:00Z' }), user('ivan', 'editor')],
    now,
  );

  it('refuses demoting or deactivating the last active owner', () => {
    expect(lastOwnerRefusal(team, 'ana', { role: 'editor' })).toMatch(/al menos un dueño activo/);
    expect(lastOwnerRefusal(team, 'ana', { deactivate: true })).toMatch(/al menos un dueño activo/);
  });

  it('allows it once another owner is active, and never blocks other changes', () => {
    const two = members([user('ana', 'owner'), user('olga', 'owner')], now);
    expect(lastOwnerRefusal(two, 'ana', { role: 'analyst' })).toBeNull();
    expect(lastOwnerRefusal(team, 'ana', { role: 'owner' })).toBeNull();
    expect(lastOwnerRefusal(team, 'ivan', { deactivate: true })).toBeNull();
    expect(lastOwnerRefusal(team, 'beto', { role: 'editor' })).toBeNull();
  });
});
