/**
 * send-alerts: sends the alerts that are due ('Avísame', supabase/schemas/26_alerts.sql). Called by
 * the scheduled job (pg_cron + pg_net on a hosted project, every 10 seconds while
 * private.alerts_due() says something is due; the local stack's job runner the same), with the
 * service key; nobody else may call it.
 *
 * One run sends at most MAX_PER_RUN messages in at most RUN_MS (a hosted function has 2 s of CPU
 * per request; a push costs about 0.7 ms of it, to encrypt; the scheduled job asks for one run per
 * 1,500 messages due, up to 8 at once): WORKERS loops side by side each claim a batch
 * (public.claim_alerts: one delivery row per message, rows locked with skip locked, so loops and
 * runs at once never claim the same message), send it with SEND_CONCURRENCY messages in flight, and
 * record what happened (public.finish_alerts: sent requests are deleted, gone push subscriptions
 * forgotten, failures tried again later). A run that ends with messages still due leaves them to
 * the next run, 10 seconds later. Beside them, the run sends the messages that ask an email's owner
 * to confirm it (public.claim_alert_confirmations: nothing else is sent to an email before) and
 * records what became of them (public.finish_alert_confirmations: a failed one is tried again a
 * minute later, 3 tries in all; an address the mail server says does not exist is forgotten).
 *
 * Push: web push signed with the shop's VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY,
 * VAPID_SUBJECT), to the push services browsers use (push.ts; ALERTS_PUSH_HOSTS adds a local one).
 * Email: SMTP (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_FROM; mail.ts). Without a channel's
 * secrets its messages fail (and are given up after three tries), and the answer says so. Links
 * lead to SITE_URL, through the alerts function's open link.
 *
 * Answer: {enviados, fallidos, sin_destino, confirmaciones, sin_push, sin_correo}.
 */
import {
  type AlertLinks,
  alertEmail,
  type ClaimedAlert,
  type ClaimedConfirmation,
  confirmationEmail,
  pushPayload,
} from '../_shared/alert-messages.ts';
import { bearerOf, CORS, env, json, required, serviceRpc } from '../_shared/http.ts';
import { mailSender } from './mail.ts';
import { type Outcome, pushSender } from './push.ts';

/** How long one run may work: well inside a hosted function's wall-clock limit and the job's 60 s timeout. */
export const RUN_MS = 45_000;
/** Claim loops side by side in one run (runs themselves go side by side: up to 8 at once). */
export const WORKERS = 2;
/** Messages claimed at a time by one loop. */
export const BATCH = 250;
/** Messages one run sends at most. */
export const MAX_PER_RUN = 1500;
/** Messages in flight at once in one loop. */
export const SEND_CONCURRENCY = 25;
/** Confirmation messages one run sends at most. */
export const CONFIRMATIONS_PER_RUN = 200;

interface Claim {
  mensajes: ClaimedAlert[];
  pendientes: boolean;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping their order in the answer. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

function channels() {
  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  const extraHosts = (env('ALERTS_PUSH_HOSTS') ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const push =
    publicKey && privateKey
      ? pushSender({ publicKey, privateKey, subject: env('VAPID_SUBJECT') || 'mailto:avisos@outlet.mx' }, extraHosts)
      : null;
  const host = env('SMTP_HOST');
  const mail = host
    ? mailSender({
        host,
        port: Number(env('SMTP_PORT') || 465),
        user: env('SMTP_USER'),
        pass: env('SMTP_PASS'),
        from: env('SMTP_FROM') || 'Outlet de moda MX <avisos@outlet.mx>',
      })
    : null;
  return { push, mail };
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });
  if (bearerOf(req) !== required('SUPABASE_SERVICE_ROLE_KEY')) {
    return json(401, { error: 'Solo la tarea programada envía los avisos.' });
  }
  await req.body?.cancel();
  const site = env('SITE_URL');
  if (!site) return json(500, { error: 'Falta SITE_URL: los avisos no tendrían a dónde llevar.' });
  const links: AlertLinks = { site, functions: `${required('SUPABASE_URL').replace(/\/+$/, '')}/functions/v1` };
  const { push, mail } = channels();
  const totals = { enviados: 0, fallidos: 0, sin_destino: 0, confirmaciones: 0, sin_push: push === null, sin_correo: mail === null };
  const deadline = Date.now() + RUN_MS;

  const sendOne = async (m: ClaimedAlert): Promise<Outcome & { id: string }> => {
    let outcome: Outcome;
    if (m.canal === 'push') {
      outcome =
        push && m.endpoint && m.p256dh && m.auth
          ? await push(m.endpoint, m.p256dh, m.auth, pushPayload(m, links), m.id)
          : { estado: 'fallido', error: 'Faltan las claves VAPID de la función.' };
    } else {
      outcome =
        mail && m.email
          ? await mail.send({ to: m.email, ...alertEmail(m, links) })
          : { estado: 'fallido', error: 'Falta el servidor de correo (SMTP_HOST) de la función.' };
    }
    return { id: m.id, ...outcome };
  };

  let budget = MAX_PER_RUN;
  const loop = async () => {
    while (Date.now() < deadline && budget > 0) {
      const want = Math.min(BATCH, budget);
      budget -= want;
      const claim = await serviceRpc<Claim>('claim_alerts', { p_limit: want });
      if (claim.mensajes.length === 0) return;
      const results = await mapLimit(claim.mensajes, SEND_CONCURRENCY, sendOne);
      await serviceRpc<number>('finish_alerts', { p_results: results });
      for (const r of results) {
        if (r.estado === 'enviado') totals.enviados++;
        else if (r.estado === 'sin_destino') totals.sin_destino++;
        else totals.fallidos++;
      }
      if (!claim.pendientes) return;
    }
  };
  const confirm = async () => {
    const due = await serviceRpc<ClaimedConfirmation[]>('claim_alert_confirmations', { p_limit: CONFIRMATIONS_PER_RUN });
    if (due.length === 0) return;
    const results = await mapLimit(due, SEND_CONCURRENCY, async (c) => {
      const outcome: Outcome = mail
        ? await mail.send(confirmationEmail(c, links))
        : { estado: 'fallido', error: 'Falta el servidor de correo (SMTP_HOST) de la función.' };
      return { email: c.email, ...outcome };
    });
    await serviceRpc<number>('finish_alert_confirmations', { p_results: results });
    for (const r of results) {
      if (r.estado === 'enviado') totals.confirmaciones++;
      else totals.fallidos++;
    }
  };
  try {
    await Promise.all([confirm(), ...Array.from({ length: WORKERS }, loop)]);
  } finally {
    mail?.close();
  }
  return json(200, totals);
}
