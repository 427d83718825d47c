/**
 * The discount and margin the back office lists come from SQL (public.discount_percentage and
 * public.profit_margin, read through admin_product_json); the shop's badges and the forms compute them
 * in TypeScript. The cases of tests/fixtures/rounding-cases.ts must give the same answer in both (the
 * TypeScript half is src/lib/rounding-rules.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { DISCOUNT_CASES, MARGIN_CASES } from '../fixtures/rounding-cases.ts';
import { sql } from './helpers.ts';

describe('discount and margin in SQL', () => {
  it.each(DISCOUNT_CASES)('discount_percentage(%s, %s) = %s', async (original, sale, percent) => {
    const { rows } = await sql.query<{ v: number }>('select public.discount_percentage($1, $2) as v', [original, sale]);
    expect(rows[0]!.v).toBe(percent);
  });
  it.each(MARGIN_CASES)('profit_margin(%s, %s) = %s', async (sale, cost, margin) => {
    const { rows } = await sql.query<{ v: string | null }>('select public.profit_margin($1, $2) as v', [sale, cost]);
    expect(rows[0]!.v === null ? null : Number(rows[0]!.v)).toBe(margin);
  });
});
