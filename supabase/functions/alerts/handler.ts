/**
 * alerts: the links of the alerts ('Avísame'), public (verify_jwt = false): a shopper opens them from
 * a notification or an email, without keys.
 *
 *   GET  /functions/v1/alerts/key              {publicKey}: the shop's VAPID public key, which the
 *                                              browser subscribes to push with (null: push is off).
 *   GET  /functions/v1/alerts/open/<delivery>  records the alert's first open (public.record_alert_open)
 *                                              and sends the shopper to the shop page it names, with
 *                                              ?aviso=<delivery> (the bag reports an order placed
 *                                              after it); an unknown one goes to the shop's home.
 *   POST /functions/v1/alerts/unsubscribe?t=…  the one-click unsubscribe of mail clients (RFC 8058):
 *                                              deletes every request of the token's contact.
 *   GET  /functions/v1/alerts/unsubscribe?t=…  sends the shopper to /avisos/baja?t=…, which does it
 *                                              and says so.
 *
 * Where it leads is the database's (a path of the shop under SITE_URL), never the link's: the link
 * carries only the delivery's id, so it cannot send anyone elsewhere.
 */
import { CORS, env, json, publicRpc, required, serviceRpc } from '../_shared/http.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LINK_CORS = { ...CORS, 'access-control-allow-methods': 'GET, POST, OPTIONS' };

function see(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { ...LINK_CORS, location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

/** The shop page a delivery leads to, with ?aviso=<id>. */
export function openTarget(site: string, destino: string | null, id: string): string {
  const origin = site.replace(/\/+$/, '');
  if (!destino?.startsWith('/') || destino.startsWith('//')) return `${origin}/`;
  return `${origin}${destino}${destino.includes('?') ? '&' : '?'}aviso=${encodeURIComponent(id)}`;
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: LINK_CORS });
  const url = new URL(req.url);
  const [, , route, id] = url.pathname.split('/');
  const site = env('SITE_URL') ?? required('SUPABASE_URL');

  if (route === 'key' && req.method === 'GET') {
    return new Response(JSON.stringify({ publicKey: env('VAPID_PUBLIC_KEY') || null }), {
      headers: { ...LINK_CORS, 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' },
    });
  }
  if (route === 'open' && req.method === 'GET') {
    if (!id || !UUID_RE.test(id)) return see(openTarget(site, null, ''));
    let destino: string | null = null;
    try {
      destino = await serviceRpc<string | null>('record_alert_open', { p_delivery: id });
    } catch (error) {
      // the shopper still reaches the shop; only the open is not counted
      console.error(`alerts: no se registró la apertura: ${error instanceof Error ? error.message : String(error)}`);
    }
    return see(openTarget(site, destino, id));
  }
  if (route === 'unsubscribe') {
    const token = url.searchParams.get('t') ?? '';
    if (req.method === 'GET') return see(`${site.replace(/\/+$/, '')}/avisos/baja?t=${encodeURIComponent(token)}`);
    if (req.method === 'POST') {
      if (!UUID_RE.test(token)) return json(400, { error: 'Enlace para dejar de recibir avisos no válido.' });
      const deleted = await publicRpc<number>('unsubscribe_alerts', { p_token: token });
      return json(200, { ok: true, borrados: deleted });
    }
  }
  return json(404, { error: 'No encontramos esa página.' });
}
