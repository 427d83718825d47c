/**
 * Web push in this browser: the service worker (/sw.js, registered by the layout once the page is
 * idle) and the push subscription to the shop's VAPID key. Where push is not available (iPhone
 * Safari outside an installed app, a browser without it, permission refused), the caller asks for
 * an email instead.
 */
import { alertsPublicKey, type PushJson } from '../../data/alerts.ts';
import { vapidKeyBytes } from '../../lib/alerts.ts';

/** Whether this browser can take web push at all. */
export function pushAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    Notification.permission !== 'denied'
  );
}

/** The shop's service worker, registered now if the layout has not yet. */
export async function shopWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

function asJson(subscription: PushSubscription): PushJson | null {
  const json = subscription.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  return json.endpoint && json.keys?.p256dh && json.keys.auth
    ? { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } }
    : null;
}

/**
 * This browser's push subscription to the shop, asking permission first (call it from the tap):
 * null when push is off, refused or fails.
 */
export async function subscribeToPush(): Promise<PushJson | null> {
  if (!pushAvailable()) return null;
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const publicKey = await alertsPublicKey();
  if (!publicKey) return null;
  try {
    const registration = await shopWorker();
    const current = await registration.pushManager.getSubscription();
    if (current) {
      const json = asJson(current);
      if (json) return json;
    }
    const created = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(publicKey) });
    return asJson(created);
  } catch (error) {
    console.error('No se pudo suscribir a los avisos en este dispositivo', error);
    return null;
  }
}

/** This browser's push endpoint, if it has subscribed ('Borrar mis avisos'). */
export async function currentPushEndpoint(): Promise<string | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  return subscription?.endpoint ?? null;
}
