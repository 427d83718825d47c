/**
 * Which secrets each Edge Function may read, besides what the platform gives every function
 * (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY). Deployed, they are set with
 * `supabase secrets set`; locally each function's Deno process gets only the names listed here, taken
 * from the environment of `npm start`, and may read no other variable. A function not listed gets none.
 */
export const FUNCTION_SECRETS: Readonly<Record<string, readonly string[]>> = {
  'request-rebuild': ['PUBLISH_GITHUB_REPO', 'PUBLISH_GITHUB_TOKEN', 'PUBLISH_GITHUB_API', 'PUBLISH_HOOK_URL', 'PUBLISH_TARGET'],
  // Where each new contact message is POSTed (optional).
  'contact-message': ['CONTACT_WEBHOOK_URL'],
  // Online payment with Mercado Pago: on only with both MP_ACCESS_TOKEN and MP_WEBHOOK_SECRET;
  // MP_API_URL points at another API (the tests' stand-in); SITE_URL is the shop's public origin,
  // where the payment link sends shoppers back (the order's page); MP_NOTIFICATION_URL, an https
  // address for Mercado Pago's notices other than this project's webhook function (a tunnel).
  pay: ['MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET', 'MP_API_URL', 'SITE_URL', 'MP_NOTIFICATION_URL'],
  'mercadopago-webhook': ['MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET', 'MP_API_URL'],
  'refund-payment': ['MP_ACCESS_TOKEN', 'MP_WEBHOOK_SECRET', 'MP_API_URL'],
  // 'Avísame': web push signed with the shop's VAPID keys, email through SMTP, links to SITE_URL;
  // ALERTS_PUSH_HOSTS names push services besides the browsers' (a local stand-in, host:port, comma-separated).
  // ECE_KEYLOG is read by the push encryption library as it loads (a debugging switch, never set).
  'send-alerts': [
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'VAPID_SUBJECT',
    'SMTP_HOST',
    'SMTP_PORT',
    'SMTP_USER',
    'SMTP_PASS',
    'SMTP_FROM',
    'SITE_URL',
    'ALERTS_PUSH_HOSTS',
    'ECE_KEYLOG',
  ],
  // the alerts' links: the VAPID public key the browser subscribes with, and where they lead
  alerts: ['VAPID_PUBLIC_KEY', 'SITE_URL'],
};

/**
 * The functions that connect to the database directly, with SUPABASE_DB_URL (the platform gives it
 * to every function; locally only these get it, so no other function can reach Postgres): they
 * vacuum the shop's tables after a large change (supabase/functions/_shared/settle.ts).
 */
export const DATABASE_FUNCTIONS: ReadonlySet<string> = new Set(['bulk-update-products', 'bulk-import-products-batch']);

/**
 * Hosts each function calls besides the Supabase API and the hosts of its URL-valued secrets: Deno
 * lets its process reach only these (request-rebuild's default GitHub API).
 */
export const FUNCTION_HOSTS: Readonly<Record<string, readonly string[]>> = {
  'request-rebuild': ['api.github.com'],
  // Mercado Pago's API, MP_API_URL's default
  pay: ['api.mercadopago.com'],
  'mercadopago-webhook': ['api.mercadopago.com'],
  'refund-payment': ['api.mercadopago.com'],
  // the push services of Chrome, Edge, Firefox and Safari (supabase/functions/send-alerts/push.ts)
  'send-alerts': [
    'fcm.googleapis.com',
    'android.googleapis.com',
    '*.push.services.mozilla.com',
    'web.push.apple.com',
    '*.notify.windows.com',
  ],
};

/** Hosts a function's secrets name without a URL: its SMTP server (host:port) and ALERTS_PUSH_HOSTS. */
export function secretHosts(secrets: Record<string, string>): string[] {
  const hosts: string[] = [];
  if (secrets['SMTP_HOST']) hosts.push(`${secrets['SMTP_HOST']}:${secrets['SMTP_PORT'] || 465}`);
  for (const host of (secrets['ALERTS_PUSH_HOSTS'] ?? '').split(',')) if (host.trim()) hosts.push(host.trim());
  return hosts;
}

/** What the local stack runs for the functions: its mail catcher's port and its VAPID keys. */
export interface LocalServices {
  /** The stack's SMTP server, which keeps every mail in the outbox (gateway/mail-catcher.ts). */
  mailPort?: number;
  /** The data folder's VAPID key pair (../vapid.ts). */
  vapid?: { publicKey: string; privateKey: string; subject: string };
  /** The shop this stack serves (its first allowed origin), where alerts lead. */
  site?: string;
}

/**
 * Local values used when the environment sets none: request-rebuild leaves publishing to the local
 * rebuild worker (PUBLISH_TARGET=local) unless publishing secrets are set; the payment link sends
 * shoppers back to the shop `npm start` serves (http://localhost:<PORT>, as scripts/start.ts).
 */
function localDefaults(env: Record<string, string | undefined>, local: LocalServices): Record<string, Record<string, string>> {
  const site = `http://localhost:${env['PORT'] || 4321}`;
  const shop = local.site ?? site;
  const vapid = local.vapid
    ? { VAPID_PUBLIC_KEY: local.vapid.publicKey, VAPID_PRIVATE_KEY: local.vapid.privateKey, VAPID_SUBJECT: local.vapid.subject }
    : {};
  return {
    'request-rebuild': { PUBLISH_TARGET: 'local' },
    pay: { SITE_URL: site },
    // alerts go to the stack's own mail catcher (the outbox) unless SMTP_HOST names a real server, and to
    // push services on this machine too (a stand-in's: browser tests, the bench)
    'send-alerts': {
      SITE_URL: shop,
      ALERTS_PUSH_HOSTS: '127.0.0.1',
      ...vapid,
      ...(local.mailPort && !env['SMTP_HOST']
        ? { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(local.mailPort), SMTP_FROM: 'Outlet de moda MX <avisos@outlet.local>' }
        : {}),
    },
    alerts: { SITE_URL: shop, ...(local.vapid ? { VAPID_PUBLIC_KEY: local.vapid.publicKey } : {}) },
  };
}

/** Each listed function's own secrets as found in `env` (the local defaults where env has none). */
export function secretsFromEnv(env: Record<string, string | undefined>, local: LocalServices = {}): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  const defaults = localDefaults(env, local);
  for (const [name, keys] of Object.entries(FUNCTION_SECRETS)) {
    const own: Record<string, string> = { ...defaults[name] };
    for (const key of keys) {
      const value = env[key];
      if (value) own[key] = value;
    }
    out[name] = own;
  }
  return out;
}
