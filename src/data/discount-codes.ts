/**
 * The bag's preview of a discount code, with the anon key as a plain typed fetch (as the bag's other
 * calls): what public.preview_discount_code answers for the code on the bag's lines at the prices
 * the bag shows (supabase/schemas/24_discount_codes.sql). It is the database's rule, so what the bag
 * shows is what place_order records.
 */
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { type CodePreview, readCodePreview } from '../lib/discount-code.ts';
import type { OrderLine } from './bag.ts';
import type { Database } from './database.types.ts';

type Args = Database['public']['Functions']['preview_discount_code']['Args'];

/**
 * What the code does to these lines: the discount and the totals with it, or the database's Spanish
 * refusal. Throws an Error with a sentence for the shopper when the request fails (no connection, too
 * many codes tried).
 */
export async function previewDiscountCode(code: string, lines: OrderLine[]): Promise<CodePreview> {
  const args: Args = { p_code: code, p_items: lines as unknown as Args['p_items'] };
  let response: Response;
  try {
    response = await fetch(`${PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/rpc/preview_discount_code`, {
      method: 'POST',
      headers: {
        apikey: PUBLIC_SUPABASE_ANON_KEY,
        Authorization: `Bearer ${PUBLIC_SUPABASE_ANON_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(args),
    });
  } catch {
    throw new Error('No pudimos revisar tu código. Revisa tu conexión e intenta de nuevo.');
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const message = typeof body?.message === 'string' && /^[A-ZÁÉÍÓÚÑ¿¡]/.test(body.message) ? body.message : null;
    throw new Error(message ?? 'No pudimos revisar tu código. Intenta de nuevo en unos minutos.');
  }
  return readCodePreview(body);
}
