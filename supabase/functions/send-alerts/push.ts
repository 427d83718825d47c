/**
 * Web push (RFC 8030) with the shop's VAPID keys (RFC 8292), each message encrypted to its
 * subscription's keys (RFC 8291, aes128gcm) by the web-push library; sent with fetch. The VAPID
 * header of each push service is signed once an hour, not per message.
 *
 * Only the push services browsers use are reached (KNOWN_PUSH_HOSTS), plus the hosts named in
 * ALERTS_PUSH_HOSTS (a local stand-in: the local stack's tests): an endpoint anywhere else is never
 * contacted, so a forged subscription cannot make the shop call an address of its choosing.
 */
import webpush from 'npm:web-push@3.6.7';

/** The push services of Chrome, Edge, Firefox and Safari (a host, or any host under it). */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
] as const;

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact the push services may write to. */
  subject: string;
}

export type Outcome = { estado: 'enviado' | 'fallido' | 'sin_destino'; error?: string };

/** Whether a push endpoint may be contacted: a known push service over https, or a host of `extra` (host:port, or a host on any port). */
export function pushAllowed(endpoint: string, extra: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extra.includes(url.host) || extra.includes(url.hostname)) return true;
  return url.protocol === 'https:' && KNOWN_PUSH_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

/** How long a push service keeps a message for a device that is offline. */
const TTL_SECONDS = 24 * 3600;

export function pushSender(vapid: Vapid, extraHosts: readonly string[]) {
  const signed = new Map<string, { authorization: string; until: number }>();
  const authorizationFor = (origin: string): string => {
    const now = Date.now();
    const known = signed.get(origin);
    if (known && known.until > now) return known.authorization;
    const headers = webpush.getVapidHeaders(origin, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm') as {
      Authorization: string;
    };
    signed.set(origin, { authorization: headers.Authorization, until: now + 3600_000 });
    return headers.Authorization;
  };

  /**
   * `topic` names the message (the delivery's id): a push service keeps one message per topic for a
   * device that is offline, so a message sent again after a lost answer replaces the first instead of
   * arriving twice (and the notification's tag replaces it on the device).
   */
  return async function send(endpoint: string, p256dh: string, auth: string, payload: string, topic: string): Promise<Outcome> {
    if (!pushAllowed(endpoint, extraHosts)) return { estado: 'sin_destino', error: 'Servicio de push desconocido.' };
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(webpush.encrypt(p256dh, auth, payload, 'aes128gcm').cipherText as Uint8Array);
    } catch (error) {
      return { estado: 'sin_destino', error: `Claves de la suscripción no válidas: ${String(error).slice(0, 120)}` };
    }
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          TTL: String(TTL_SECONDS),
          Urgency: 'high',
          Topic: topic.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          'Content-Encoding': 'aes128gcm',
          'Content-Type': 'application/octet-stream',
          Authorization: authorizationFor(new URL(endpoint).origin),
        },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      await res.body?.cancel();
      if (res.ok) return { estado: 'enviado' };
      // the subscription expired or the browser unsubscribed: it will never take a message again
      if (res.status === 404 || res.status === 410) return { estado: 'sin_destino', error: `El servicio de push respondió ${res.status}.` };
      return { estado: 'fallido', error: `El servicio de push respondió ${res.status}.` };
    } catch (error) {
      return { estado: 'fallido', error: `El servicio de push no respondió: ${String(error).slice(0, 120)}` };
    }
  };
}
