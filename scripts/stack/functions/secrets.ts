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
};

/**
 * Hosts each function calls besides the Supabase API and the hosts of its URL-valued secrets: Deno
 * lets its process reach only these (request-rebuild's default GitHub API).
 */
export const FUNCTION_HOSTS: Readonly<Record<string, readonly string[]>> = {
  'request-rebuild': ['api.github.com'],
};

/**
 * Local values used when the environment sets none: request-rebuild leaves publishing to the local
 * rebuild worker (PUBLISH_TARGET=local) unless publishing secrets are set.
 */
const LOCAL_DEFAULTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'request-rebuild': { PUBLISH_TARGET: 'local' },
};

/** Each listed function's own secrets as found in `env` (the local defaults where env has none). */
export function secretsFromEnv(env: Record<string, string | undefined>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, keys] of Object.entries(FUNCTION_SECRETS)) {
    const own: Record<string, string> = { ...LOCAL_DEFAULTS[name] };
    for (const key of keys) {
      const value = env[key];
      if (value) own[key] = value;
    }
    out[name] = own;
  }
  return out;
}
