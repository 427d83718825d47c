import { describe, expect, it } from 'vitest';
import { actorLabel, describeAction, fieldChanges, formatValue } from './describe.ts';

describe('the history in Spanish', () => {
  it('names what was done to which row', () => {
    expect(describeAction({ table_name: 'products', action: 'update', request: 'PATCH /products', before: {}, after: {} })).toBe(
      'Cambió producto',
    );
    expect(describeAction({ table_name: 'product_sizes', action: 'delete', request: null, before: {}, after: null })).toBe('Borró talla');
    expect(
      describeAction({
        table_name: 'auth.users',
        action: 'update',
        request: 'POST /functions/admin-users set_role',
        before: {},
        after: {},
      }),
    ).toBe('Cambió el rol de');
  });

  it('names the two-step lock the sign-in wrote, and the wrong codes that caused it', () => {
    const locked = {
      table_name: 'auth.users',
      action: 'update',
      request: 'POST /auth/v1/factors/verify two_factor_locked',
      before: null,
      after: { failed_codes: 5 },
    };
    expect(describeAction(locked)).toBe('Bloqueó por códigos incorrectos la verificación en dos pasos de');
    expect(describeAction({ ...locked, request: 'POST /auth/v1/factors/verify two_factor_refused' })).toBe(
      'Rechazó, por bloqueo, un código en dos pasos de',
    );
    expect(fieldChanges(locked)).toEqual([{ field: 'Códigos incorrectos', before: '—', after: '5' }]);
  });

  it('lists each changed field before and after, leaving out ids and empty fields of a new row', () => {
    expect(
      fieldChanges({
        table_name: 'products',
        action: 'update',
        request: null,
        before: { precio_venta: 849, destacado: false },
        after: { precio_venta: 799, destacado: true },
      }),
    ).toEqual([
      { field: 'Precio de venta', before: '849', after: '799' },
      { field: 'Destacado', before: 'no', after: 'sí' },
    ]);
    expect(
      fieldChanges({
        table_name: 'product_sizes',
        action: 'insert',
        request: null,
        before: null,
        after: { id: 'x', product_id: 'y', talla: 'M', orden: null },
      }),
    ).toEqual([{ field: 'Talla', before: '—', after: 'M' }]);
  });

  it('formats values a person can read', () => {
    expect(formatValue(null)).toBe('—');
    expect(formatValue(['S', 'M'])).toBe('S, M');
    expect(formatValue('x'.repeat(200))).toHaveLength(118);
    // instants on the Mexico City clock (UTC−6); a date alone stays as it is
    expect(formatValue('2026-11-27T20:30:00.123456+00:00')).toBe('27/11/2026 14:30');
    expect(formatValue('2026-11-28')).toBe('2026-11-28');
  });

  it('names the stock and hold fields', () => {
    expect(
      fieldChanges({ table_name: 'product_sizes', action: 'update', request: null, before: { existencias: 1 }, after: { existencias: 3 } }),
    ).toEqual([{ field: 'Existencias', before: '1', after: '3' }]);
    expect(
      fieldChanges({
        table_name: 'orders',
        action: 'update',
        request: 'POST /rpc/extend_order_hold',
        before: { held_until: '2026-11-27T20:30:00+00:00' },
        after: { held_until: '2026-11-28T00:30:00+00:00' },
      }),
    ).toEqual([{ field: 'Apartado hasta', before: '27/11/2026 14:30', after: '27/11/2026 18:30' }]);
    expect(
      fieldChanges({
        table_name: 'shop_settings',
        action: 'update',
        request: null,
        before: { hold_minutes: 240, max_held_per_network: 30 },
        after: { hold_minutes: 150, max_held_per_network: 10 },
      }).map((c) => c.field),
    ).toEqual(['Tiempo de apartado (minutos)', 'Piezas apartadas por conexión']);
  });

  it('names who did it', () => {
    expect(actorLabel('ana@tienda.mx', 'owner')).toBe('ana@tienda.mx');
    expect(actorLabel(null, 'service_role')).toBe('Servicio (importación o tarea programada)');
    expect(actorLabel(null, 'database')).toBe('Base de datos');
  });
});
