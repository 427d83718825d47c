import { beforeAll, describe, expect, it } from 'vitest';
import { adminClient, anonClient, resetData, sql } from './helpers.ts';

describe('analytics throttle', () => {
  beforeAll(resetData);

  it('lets a session record 60 searches a minute and refuses the 61st, without touching other sessions', async () => {
    const anon = anonClient();
    const event = (session: string, n: number) => ({ search_term: `tenis ${n}`, session_id: session, page_url: '/tienda' });
    for (let n = 0; n < 60; n++) {
      const { error } = await anon.from('search_analytics').insert(event('sesion-rapida-01', n));
      expect(error).toBeNull();
    }
    const over = await anon.from('search_analytics').insert(event('sesion-rapida-01', 60));
    expect(over.error?.message).toContain('Demasiados eventos');

    const other = await anon.from('search_analytics').insert(event('sesion-tranquila', 0));
    expect(other.error).toBeNull();

    const { rows } = await sql.query<{ n: string }>(
      `select count(*) as n from public.search_analytics where session_id = 'sesion-rapida-01'`,
    );
    expect(Number(rows[0]?.n)).toBe(60);
  });

  it('counts only the last minute', async () => {
    await sql.query(`update public.search_analytics set created_at = now() - interval '2 minutes'`);
    const { error } = await anonClient()
      .from('search_analytics')
      .insert({ search_term: 'bolsa', session_id: 'sesion-rapida-01', page_url: '/tienda' });
    expect(error).toBeNull();
  });

  it('does not throttle admins', async () => {
    const admin = await adminClient();
    const rows = Array.from({ length: 70 }, (_, n) => ({ search_term: `x${n}`, session_id: 'sesion-admin-01' }));
    const { error } = await admin.from('search_analytics').insert(rows);
    expect(error).toBeNull();
  });
});
