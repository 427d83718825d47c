/**
 * The alerts section of `npm run bench` (`BENCH_ONLY=alerts node scripts/bench.ts`): an announced
 * campaign's opening told to BENCH_ALERT_SUBSCRIBERS (10,000) subscribers, half by web push and half
 * by email, against the goal: every one sent within 60 s of the opening.
 *
 * On a throwaway stack as `npm start` runs it: its scheduled job (every 10 s while something is due)
 * calls the real send-alerts function in Deno, which signs with the data folder's VAPID keys,
 * encrypts each push and posts it to the push service on this machine
 * (tests/fixtures/push-service.ts, which checks each signature and decrypts each message as a
 * browser would), and mails through SMTP to the stack's own mail server. The subscriptions are
 * written straight to the table (as many as subscribe_alert would store; its limits are not what is
 * timed): push ones with a subscription of the local push service each.
 *
 * The campaign opens OPEN_IN_MS after the subscribers are in place; the bench then polls the
 * deliveries every 250 ms until every subscriber's is 'enviado' (or WAIT_MS passes). Time: from the
 * opening (campaigns.inicia_en) to the last sent_at; beside it the job's delay (opening to the first
 * claim) and the sending itself (first claim to last sent). Counts: every subscriber sent exactly
 * once, the push service received exactly one message per push subscriber, nothing failed; a count
 * off or the goal missed prints NO CUMPLE and the bench exits with status 1.
 */
import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type PushSubscriptionJson, startPushService } from '../../tests/fixtures/push-service.ts';
import { startStack } from '../stack/index.ts';
import { vapidKeysFor } from '../stack/vapid.ts';
import { options, progress } from './options.ts';

/** The goal: every subscriber of a campaign told within this long of its opening. */
export const ALERT_GOAL_MS = 60_000;
/** How long after the subscribers are in place the campaign opens (the job is already running). */
const OPEN_IN_MS = 5_000;
const WAIT_MS = 180_000;
const POLL_MS = 250;

export interface AlertsResult {
  subscribers: number;
  push: number;
  email: number;
  /** Opening to the last message sent. */
  totalMs: number | null;
  /** Opening to the first claim: the scheduled job's delay. */
  jobDelayMs: number | null;
  /** First claim to the last message sent. */
  sendingMs: number | null;
  /** Messages per second while sending. */
  perSecond: number | null;
  sent: { push: number; email: number };
  failed: number;
  /** Messages the push service received, decrypted (one per push subscriber). */
  pushReceived: number;
  /** Subscribers told more than once (must be 0). */
  duplicates: number;
  failures: string[];
  ok: boolean;
}

export async function runAlerts(): Promise<AlertsResult> {
  const n = options.alertSubscribers;
  const pushCount = Math.floor(n / 2);
  const emailCount = n - pushCount;
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-alerts-'));
  await chmod(work, 0o755);
  progress('avisos: iniciando una pila local desechable (como npm start, con su tarea programada)…');
  const stack = await startStack({ dataDir: join(work, 'data'), ...options.ports, seed: false, durable: false, log: () => undefined });
  const push = await startPushService();
  const db = new pg.Client({ connectionString: stack.dbUrl });
  const failures: string[] = [];
  try {
    await db.connect();
    const vapid = await vapidKeysFor(join(work, 'data'));
    const campaign = randomUUID();
    await db.query(
      `insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin, anuncio_desde, hora_inicio)
       values ($1, 'Noche de tenis', public.shop_today() + 1, public.shop_today() + 8, public.shop_today(), '20:00')`,
      [campaign],
    );
    progress(`avisos: ${pushCount.toLocaleString('es-MX')} suscripciones del servicio de push local…`);
    const subscriptions: PushSubscriptionJson[] = [];
    for (let i = 0; i < pushCount; i++) subscriptions.push(await push.subscribe(vapid.publicKey));
    progress(`avisos: ${n.toLocaleString('es-MX')} suscriptores de la campaña (${pushCount} push, ${emailCount} correo)…`);
    for (let from = 0; from < n; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, n - from) }, (_, k) => from + k);
      await db.query(
        `insert into private.alert_subscriptions (canal, endpoint, p256dh, auth, email, tipo, campaign_id, created_at)
         select case when x.endpoint is null then 'email' else 'push' end, x.endpoint, x.p256dh, x.auth, x.email, 'campana', $2,
                now() - make_interval(secs => x.n)
           from jsonb_to_recordset($1::jsonb) as x(n integer, endpoint text, p256dh text, auth text, email text)`,
        [
          JSON.stringify(
            rows.map((i) =>
              i < pushCount
                ? {
                    n: n - i,
                    endpoint: subscriptions[i]!.endpoint,
                    p256dh: subscriptions[i]!.keys.p256dh,
                    auth: subscriptions[i]!.keys.auth,
                  }
                : { n: n - i, email: `suscriptor${i}@correo.mx` },
            ),
          ),
          campaign,
        ],
      );
    }
    await db.query('vacuum analyze private.alert_subscriptions');
    // opens in a few seconds, on the second, as a campaign's hora_inicio does
    const { rows: opening } = await db.query<{ at: Date }>(
      `update public.campaigns
          set fecha_inicio = (date_trunc('second', now() + $2::interval) at time zone 'America/Mexico_City')::date,
              hora_inicio = (date_trunc('second', now() + $2::interval) at time zone 'America/Mexico_City')::time
        where id = $1 returning inicia_en as at`,
      [campaign, `${OPEN_IN_MS} milliseconds`],
    );
    const opensAt = opening[0]!.at.getTime();
    progress(`avisos: la campaña abre a las ${opening[0]!.at.toISOString()}; esperando a que la tarea programada envíe…`);

    const deadline = opensAt + WAIT_MS;
    let state = { sent: 0, failed: 0 };
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ sent: string; failed: string }>(
        `select count(*) filter (where estado = 'enviado') as sent, count(*) filter (where estado in ('sin_destino', 'perdido')) as failed
           from private.alert_deliveries where campaign_id = $1`,
        [campaign],
      );
      state = { sent: Number(rows[0]!.sent), failed: Number(rows[0]!.failed) };
      if (state.sent + state.failed >= n) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const { rows: timing } = await db.query<{
      first_claim: Date | null;
      last_sent: Date | null;
      push: string;
      email: string;
      failed: string;
      duplicates: string;
    }>(
      `select min(claimed_at) as first_claim, max(sent_at) as last_sent,
              count(*) filter (where estado = 'enviado' and canal = 'push') as push,
              count(*) filter (where estado = 'enviado' and canal = 'email') as email,
              count(*) filter (where estado <> 'enviado') as failed,
              count(*) - count(distinct contacto) as duplicates
         from private.alert_deliveries where campaign_id = $1`,
      [campaign],
    );
    const t = timing[0]!;
    const totalMs = t.last_sent ? t.last_sent.getTime() - opensAt : null;
    const sendingMs = t.last_sent && t.first_claim ? t.last_sent.getTime() - t.first_claim.getTime() : null;
    const sent = { push: Number(t.push), email: Number(t.email) };
    const result: AlertsResult = {
      subscribers: n,
      push: pushCount,
      email: emailCount,
      totalMs,
      jobDelayMs: t.first_claim ? t.first_claim.getTime() - opensAt : null,
      sendingMs,
      perSecond: sendingMs ? Math.round(((sent.push + sent.email) / sendingMs) * 1000) : null,
      sent,
      failed: Number(t.failed),
      pushReceived: push.count(),
      duplicates: Number(t.duplicates),
      failures,
      ok: false,
    };
    if (sent.push !== pushCount || sent.email !== emailCount) {
      failures.push(`enviados ${sent.push} push de ${pushCount} y ${sent.email} correos de ${emailCount}`);
    }
    if (result.pushReceived !== pushCount) failures.push(`el servicio de push recibió ${result.pushReceived} mensajes, no ${pushCount}`);
    if (result.duplicates !== 0) failures.push(`${result.duplicates} suscriptores avisados más de una vez`);
    if (result.failed !== 0) failures.push(`${result.failed} envíos fallidos`);
    if (totalMs === null || totalMs > ALERT_GOAL_MS)
      failures.push(`el último aviso salió a los ${totalMs === null ? '—' : Math.round(totalMs / 1000)} s`);
    result.ok = failures.length === 0;
    progress(
      `avisos: ${sent.push + sent.email} enviados; el último a los ${totalMs === null ? '—' : (totalMs / 1000).toFixed(1)} s de la apertura.`,
    );
    return result;
  } finally {
    await db.end().catch(() => undefined);
    await push.stop();
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}
