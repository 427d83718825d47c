import { describe, expect, it } from 'vitest';
import { canRoleAccess } from './accessRules.ts';

describe('what each role may use in the back office', () => {
  it('gives owners everything, the team included', () => {
    expect(canRoleAccess('owner', 'team', 'list')).toBe(true);
    expect(canRoleAccess('owner', 'shop_settings', 'edit')).toBe(true);
  });

  it('gives editors the catalogue but not the team, the settings row or the history', () => {
    expect(canRoleAccess('editor', 'products', 'delete')).toBe(true);
    expect(canRoleAccess('editor', 'contact_messages', 'edit')).toBe(true);
    expect(canRoleAccess('editor', 'team', 'list')).toBe(false);
    expect(canRoleAccess('editor', 'shop_settings', 'edit')).toBe(false);
    expect(canRoleAccess('editor', 'history', 'list')).toBe(false);
  });

  it('lets owners alone refund a payment; editors and analysts read payments and refunds', () => {
    expect(canRoleAccess('owner', 'order_refunds', 'create')).toBe(true);
    expect(canRoleAccess('editor', 'order_refunds', 'create')).toBe(false);
    expect(canRoleAccess('analyst', 'order_refunds', 'create')).toBe(false);
    expect(canRoleAccess('editor', 'order_refunds', 'list')).toBe(true);
    expect(canRoleAccess('analyst', 'order_refunds', 'list')).toBe(true);
    expect(canRoleAccess('analyst', 'order_payments', 'list')).toBe(true);
  });

  it('lets analysts read the catalogue and analytics, and change nothing', () => {
    expect(canRoleAccess('analyst', 'products', 'list')).toBe(true);
    expect(canRoleAccess('analyst', 'products', 'export')).toBe(true);
    expect(canRoleAccess('analyst', 'analytics', 'list')).toBe(true);
    expect(canRoleAccess('analyst', 'products', 'edit')).toBe(false);
    expect(canRoleAccess('analyst', 'products', 'create')).toBe(false);
    expect(canRoleAccess('analyst', 'contact_messages', 'list')).toBe(false);
    expect(canRoleAccess('analyst', 'settings', 'list')).toBe(false);
  });

  it('lets owners and editors write discount codes; analysts read them', () => {
    expect(canRoleAccess('owner', 'discount_codes', 'create')).toBe(true);
    expect(canRoleAccess('editor', 'discount_codes', 'edit')).toBe(true);
    expect(canRoleAccess('analyst', 'discount_codes', 'list')).toBe(true);
    expect(canRoleAccess('analyst', 'discount_codes', 'edit')).toBe(false);
    expect(canRoleAccess('analyst', 'discount_codes', 'create')).toBe(false);
  });

  it("lets every staff role read 'Avisos'; owners and editors set a campaign's code, owners alone the settings", () => {
    for (const role of ['owner', 'editor', 'analyst'] as const) {
      expect(canRoleAccess(role, 'alerts', 'list')).toBe(true);
      expect(canRoleAccess(role, 'alert_settings', 'show')).toBe(true);
    }
    expect(canRoleAccess('owner', 'campaign_alerts', 'edit')).toBe(true);
    expect(canRoleAccess('editor', 'campaign_alerts', 'edit')).toBe(true);
    expect(canRoleAccess('analyst', 'campaign_alerts', 'edit')).toBe(false);
    expect(canRoleAccess('owner', 'alert_settings', 'edit')).toBe(true);
    expect(canRoleAccess('editor', 'alert_settings', 'edit')).toBe(false);
    expect(canRoleAccess('analyst', 'alert_settings', 'edit')).toBe(false);
    expect(canRoleAccess(null, 'alerts', 'list')).toBe(false);
  });

  it('gives nobody without a role anything', () => {
    expect(canRoleAccess(null, 'products', 'list')).toBe(false);
  });
});
