import { describe, expect, it } from 'vitest';
import { type Introspection, type PgType, render } from '../../scripts/gen-types.ts';

const t = (oid: number, typname: string, extra: Partial<PgType> = {}): PgType => ({
  oid,
  typname,
  nspname: 'pg_catalog',
  typtype: 'b',
  typcategory: 'X',
  typelem: 0,
  typbasetype: 0,
  typrelid: 0,
  ...extra,
});
const col = (attrelid: number, attname: string, atttypid: number, extra: Partial<Introspection['columns'][number]> = {}) => ({
  attrelid,
  attname,
  atttypid,
  attnotnull: false,
  atthasdef: false,
  attidentity: '',
  attgenerated: '',
  ...extra,
});

const fixture: Introspection = {
  types: [
    t(16, 'bool'),
    t(20, 'int8'),
    t(23, 'int4'),
    t(25, 'text'),
    t(1700, 'numeric'),
    t(2950, 'uuid'),
    t(3802, 'jsonb'),
    t(1009, '_text', { typcategory: 'A', typelem: 25 }),
    t(2278, 'void'),
    t(5000, 'mood', { nspname: 'public', typtype: 'e' }),
    t(5001, 'money_amount', { nspname: 'public', typtype: 'd', typbasetype: 1700 }),
    t(5002, 'items', { nspname: 'public', typtype: 'c', typrelid: 1000 }),
  ],
  relations: [
    { oid: 1000, relname: 'items', relkind: 'r', updatable: false },
    { oid: 1001, relname: 'items_view', relkind: 'v', updatable: false },
    { oid: 1002, relname: 'owners', relkind: 'r', updatable: false },
  ],
  columns: [
    col(1000, 'id', 2950, { attnotnull: true, atthasdef: true }),
    col(1000, 'n', 20, { attnotnull: true, attidentity: 'a' }),
    col(1000, 'price', 5001, { attnotnull: true }),
    col(1000, 'note', 25),
    col(1000, 'tags', 1009),
    col(1000, 'mood', 5000, { attnotnull: true, atthasdef: true }),
    col(1000, 'owner_id', 2950),
    col(1001, 'id', 2950),
    col(1001, 'total', 20),
    col(1002, 'id', 2950, { attnotnull: true, atthasdef: true }),
  ],
  foreignKeys: [
    { conname: 'items_owner_id_fkey', conrelid: 1000, confrelid: 1002, cols: ['owner_id'], refcols: ['id'], one_to_one: false },
  ],
  enums: [{ typname: 'mood', labels: ['feliz', 'triste'] }],
  functions: [
    {
      proname: 'facets',
      proretset: true,
      prorettype: 2249,
      proisstrict: false,
      argnames: ['p_a', 'id', 'n'],
      argmodes: ['i', 't', 't'],
      argtypes: [2950, 2950, 20],
      pronargdefaults: 1,
    },
    {
      proname: 'is_admin',
      proretset: false,
      prorettype: 16,
      proisstrict: false,
      argnames: null,
      argmodes: null,
      argtypes: [],
      pronargdefaults: 0,
    },
    {
      proname: 'g',
      proretset: false,
      prorettype: 23,
      proisstrict: false,
      argnames: ['x'],
      argmodes: null,
      argtypes: [25],
      pronargdefaults: 0,
    },
    {
      proname: 'g',
      proretset: false,
      prorettype: 25,
      proisstrict: false,
      argnames: ['x'],
      argmodes: null,
      argtypes: [23],
      pronargdefaults: 0,
    },
    {
      proname: 'all_items',
      proretset: true,
      prorettype: 5002,
      proisstrict: false,
      argnames: null,
      argmodes: null,
      argtypes: [],
      pronargdefaults: 0,
    },
    {
      proname: 'touch',
      proretset: false,
      prorettype: 2278,
      proisstrict: false,
      argnames: ['payload'],
      argmodes: null,
      argtypes: [3802],
      pronargdefaults: 0,
    },
  ],
};
const out = render(fixture);
const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('gen-types render', () => {
  it('maps column types and nullability in Row', () => {
    expect(squash(out)).toContain(
      'items: { Row: { id: string n: number price: number note: string | null tags: string[] | null mood: Database["public"]["Enums"]["mood"] owner_id: string | null }',
    );
  });
  it('makes defaulted and nullable columns optional on Insert and identity-always columns never', () => {
    expect(squash(out)).toContain('Insert: { id?: string n?: never price: number note?: string | null tags?: string[] | null');
    expect(squash(out)).toContain('Update: { id?: string n?: never price?: number');
  });
  it('emits foreign keys as Relationships', () => {
    expect(squash(out)).toContain(
      '{ foreignKeyName: "items_owner_id_fkey" columns: ["owner_id"] isOneToOne: false referencedRelation: "owners" referencedColumns: ["id"] }',
    );
  });
  it('emits views with nullable Row and no Insert when not writable', () => {
    expect(squash(out)).toContain('items_view: { Row: { id: string | null total: number | null } Relationships: [] }');
  });
  it('emits functions: table returns as arrays, defaulted args optional, no-arg Args never, overloads as a union', () => {
    const s = squash(out);
    expect(s).toContain('facets: { Args: { p_a?: string | null } Returns: { id: string n: number }[] }');
    expect(s).toContain('is_admin: { Args: never Returns: boolean }');
    expect(s).toContain('g: | { Args: { x: string } Returns: number } | { Args: { x: number } Returns: string }');
    expect(s).toContain('all_items: { Args: never Returns: { id: string n: number price: number');
    expect(s).toContain('touch: { Args: { payload: Json } Returns: undefined }');
  });
  it('emits enums, empty composite types and the Constants object', () => {
    const s = squash(out);
    expect(s).toContain('Enums: { mood: "feliz" | "triste" }');
    expect(s).toContain('CompositeTypes: { [_ in never]: never }');
    expect(s).toContain('mood: ["feliz","triste"],');
    expect(s).toContain('PostgrestVersion: "12"');
  });
});
