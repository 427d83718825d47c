/** A data folder whose database recorded migrations that no longer exist is refused with what to delete. */
import { describe, expect, it } from 'vitest';
import { assertMigratable } from '../../scripts/stack/migrate.ts';

const BASELINE = ['20261124000000_baseline.sql'];

describe('assertMigratable', () => {
  it('lets a new database and one at or behind the folder move forward', () => {
    expect(() => assertMigratable(new Set(), BASELINE)).not.toThrow();
    expect(() => assertMigratable(new Set(['20261124000000']), [...BASELINE, '20261201000000_next.sql'])).not.toThrow();
  });

  it('refuses a database made by the squashed migrations, naming the folder to delete', () => {
    const old = new Set(['20261121000100', '20261121000200', '20261123001910']);
    expect(() => assertMigratable(old, BASELINE)).toThrow(/migraciones que ya no existen \(3: 20261121000100 … 20261123001910\)/);
    expect(() => assertMigratable(old, BASELINE)).toThrow(/Borra la carpeta de datos de este stack \(\.local\/supabase\//);
  });
});
