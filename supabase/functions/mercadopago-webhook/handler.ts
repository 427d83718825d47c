/**
 * mercadopago-webhook: where Mercado Pago notifies the shop's payments (the preference's
 * notification_url, and the Webhooks URL registered in "Tus integraciones"). Public (verify_jwt =
 * false): Mercado Pago sends no key.
 *
 * A notice is POST /functions/v1/mercadopago-webhook?data.id=<payment id>&type=payment with the
 * headers x-signature and x-request-id. In order:
 *   1. payments off (no MP_ACCESS_TOKEN / MP_WEBHOOK_SECRET): 404, nothing is read;
 *   2. the signature must be Mercado Pago's, made within 5 minutes of now (_shared/mercadopago.ts
 *      checkNotice): otherwise 401 and nothing is read or written;
 *   3. a topic other than payment (merchant_order, …): 200, ignored;
 *   4. the payment is read from Mercado Pago's API (GET /v1/payments/{id}): the notice's body is
 *      never trusted, only the id it signs. A payment Mercado Pago does not know (its "Simular"
 *      button sends a made-up id) is acknowledged and ignored;
 *   5. public.record_payment applies it to the order its external_reference names, under the
 *      orders' lock: a repeated notice, or notices out of order, change nothing twice.
 * The answer is 200 once the payment is recorded (or ignored). When Mercado Pago's API or the
 * database cannot answer, 502/503: Mercado Pago retries a notice that did not get a 2xx.
 */
import { json, RpcError, serviceRpc } from '../_shared/http.ts';
import { checkNotice, MercadoPagoError, MP_ID_RE, mercadoPago, mpApi } from '../_shared/mercadopago.ts';

export default async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });
  // the body says nothing the payment's own record does not: read and dropped
  await req.body?.cancel();

  const mp = mercadoPago();
  if (!mp) return json(404, { error: 'Los pagos en línea no están activados en esta tienda.' });

  const query = new URL(req.url).searchParams;
  const dataId = query.get('data.id');
  const check = await checkNotice({
    secret: mp.webhookSecret,
    signature: req.headers.get('x-signature'),
    requestId: req.headers.get('x-request-id'),
    dataId,
  });
  if (check === 'forged') return json(401, { error: 'La firma del aviso no es de Mercado Pago.' });
  if (check === 'stale') return json(401, { error: 'El aviso tiene más de 5 minutos: su firma ya no vale.' });

  const topic = query.get('type') ?? query.get('topic');
  if (topic !== 'payment') return json(200, { ok: true, ignorado: 'tema' });
  if (!dataId || !MP_ID_RE.test(dataId)) return json(400, { error: 'El aviso no dice qué pago es.' });

  let payment: Record<string, unknown>;
  try {
    payment = await mpApi<Record<string, unknown>>(mp, 'GET', `/v1/payments/${encodeURIComponent(dataId)}`);
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) return json(200, { ok: true, ignorado: 'pago_desconocido' });
    console.error(`mercadopago-webhook: ${error instanceof Error ? error.message : String(error)}`);
    return json(502, { error: 'Mercado Pago no respondió: el aviso se recibirá de nuevo.' });
  }

  try {
    const recorded = await serviceRpc<{ ok: boolean; reference?: string; result: string }>('record_payment', { p_payment: payment });
    if (recorded.ok) console.log(`mercadopago-webhook: pago ${dataId} de ${recorded.reference}: ${recorded.result}`);
    return json(200, recorded);
  } catch (error) {
    // a payment the database calls malformed would be refused again on every retry
    if (error instanceof RpcError && error.status === 400) {
      console.error(`mercadopago-webhook: pago ${dataId} no válido: ${error.reason}`);
      return json(200, { ok: false, ignorado: 'pago_no_valido' });
    }
    console.error(`mercadopago-webhook: ${error instanceof Error ? error.message : String(error)}`);
    return json(503, { error: 'No se pudo registrar el pago: el aviso se recibirá de nuevo.' });
  }
}
