/**
 * bulk-update-products: one action of the back office on many products (move to a campaign, a
 * category or a brand, a discount, the pieces, feature, unfeature, delete), then the shop's tables
 * left ready for the shoppers' next filters (../_shared/settle.ts) before it answers.
 *
 * Who may call it: an admin (an owner or an editor, as the database says: _shared/http.ts callerOf)
 * or the service role.
 * Body: the arguments of the database function public.bulk_update_products as they are
 * ({ p_ids | p_filter, p_action, p_value, p_expected }); it checks them and refuses in Spanish.
 *
 * The action is one call of that function made as the caller (its own session, so the admin check
 * and RLS apply), in one transaction. Answer (200): { changed, image_urls }, the function's own.
 * A refusal keeps PostgREST's status with { error, code }: the function's own Spanish message, and
 * code PT409 when the selection no longer has the confirmed count. The database's own errors
 * (English) are answered in Spanish.
 */
import { adminOnly, CORS, databaseError, json, required } from '../_shared/http.ts';
import { settleShopTables } from '../_shared/settle.ts';

const ARGUMENTS = ['p_ids', 'p_filter', 'p_action', 'p_value', 'p_expected'] as const;

/** Spanish words for the database's own errors (its messages are English), by SQLSTATE. */
const DATABASE_ERRORS: Record<string, string> = {
  '57014': 'La acción tardó demasiado y no cambió nada: elige menos productos e inténtalo de nuevo.',
  '22P02': 'Un valor de la acción no tiene el formato esperado; no cambió nada.',
  '42501': 'No autorizado',
};

/** The arguments the database function takes, or the Spanish reason the body is not an action. */
function parseBody(text: string): Record<string, unknown> | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'El cuerpo debe ser JSON: { "p_ids" o "p_filter", "p_action", "p_value", "p_expected" }.';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'El cuerpo debe ser un objeto JSON.';
  const args: Record<string, unknown> = {};
  for (const name of ARGUMENTS) {
    const value = (body as Record<string, unknown>)[name];
    if (value !== undefined) args[name] = value;
  }
  return args;
}

/** The database's refusal in Spanish, with its code: what its error means, or the function's own message. */
function refusal(status: number, text: string): { error: string; code: string } {
  const error = databaseError(text);
  if (!error) return { error: `La base de datos no aceptó la acción (respuesta ${status}); no cambió nada.`, code: '' };
  const { code, spanish } = error;
  return {
    error: DATABASE_ERRORS[code] ?? spanish ?? `La base de datos no aceptó la acción (error ${code || status}); no cambió nada.`,
    code,
  };
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });

  const allowed = await adminOnly(req);
  if (allowed instanceof Response) return allowed;

  const args = parseBody(await req.text());
  if (typeof args === 'string') return json(400, { error: args });

  // As the caller: an admin's session with the public key; the service role with its own key.
  const apikey = allowed.caller.kind === 'service' ? allowed.token : required('SUPABASE_ANON_KEY');
  const res = await fetch(`${required('SUPABASE_URL')}/rest/v1/rpc/bulk_update_products`, {
    method: 'POST',
    headers: { apikey, authorization: `Bearer ${allowed.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) return json(res.status, refusal(res.status, text));
  await settleShopTables();
  return new Response(text, { status: 200, headers: { ...CORS, 'content-type': 'application/json' } });
}
