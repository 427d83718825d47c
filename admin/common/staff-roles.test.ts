import { describe, expect, it } from 'vitest';
import { canEdit, ROLE_LABELS, STAFF_ROLES, staffRoleOf } from './staff-roles.ts';

describe('staff roles', () => {
  it('reads the role from app_metadata and nothing else counts as staff', () => {
    expect(staffRoleOf({ role: 'owner' })).toBe('owner');
    expect(staffRoleOf({ role: 'analyst', provider: 'email' })).toBe('analyst');
    expect(staffRoleOf({ role: 'admin' })).toBeNull();
    expect(staffRoleOf({ role: 'OWNER' })).toBeNull();
    expect(staffRoleOf({})).toBeNull();
    expect(staffRoleOf(null)).toBeNull();
  });

  it('lets owners and editors change the catalogue, never analysts', () => {
    expect(STAFF_ROLES.filter(canEdit)).toEqual(['owner', 'editor']);
    expect(canEdit(null)).toBe(false);
  });

  it('names every role in Spanish', () => {
    expect(STAFF_ROLES.map((role) => ROLE_LABELS[role])).toEqual(['Dueño', 'Editor', 'Analista']);
  });
});
