/*
 * The shop's service worker: it shows the alerts ('Avísame') pushed to this device, and opens them.
 *
 * It never answers with a stored price or stock: it caches nothing but the build's hashed assets
 * (/_astro/*, which never change once published: a new build names new files), and lets every
 * other request (pages, the API, images, functions) go to the network as if it were not there.
 *
 * A push carries {title, body, url, unsubscribe, tag} (supabase/functions/_shared/alert-messages.ts):
 * the notification opens `url` (the alert's open link, which records the open and leads to the
 * shop page); its second button opens `unsubscribe`, which deletes this device's alerts.
 */
const ASSETS = 'outlet-assets-v1';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== ASSETS) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  // only the build's immutable, hashed files: everything else is the network's
  if (event.request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith('/_astro/')) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(ASSETS);
      const stored = await cache.match(event.request);
      if (stored) return stored;
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })(),
  );
});

self.addEventListener('push', (event) => {
  let alert = {};
  try {
    alert = event.data ? event.data.json() : {};
  } catch {
    alert = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof alert.title === 'string' && alert.title ? alert.title : 'Outlet Moda MX';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof alert.body === 'string' ? alert.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'es-MX',
      tag: typeof alert.tag === 'string' ? alert.tag : undefined,
      data: { url: alert.url, unsubscribe: alert.unsubscribe },
      actions: alert.unsubscribe ? [{ action: 'baja', title: 'No quiero más avisos' }] : [],
    }),
  );
});

/** Only this shop's pages and its functions' links are opened. */
function openable(link) {
  try {
    const url = new URL(link, self.location.origin);
    return url.protocol === 'https:' || url.origin === self.location.origin || url.hostname === '127.0.0.1' || url.hostname === 'localhost'
      ? url.href
      : null;
  } catch {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = openable(event.action === 'baja' ? data.unsubscribe : data.url) || self.location.origin;
  event.waitUntil(self.clients.openWindow(target));
});
