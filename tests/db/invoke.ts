/**
 * Calls an Edge Function the way the back office does: supabase-js `functions.invoke` through a
 * gateway (its JWT check in front, the function in its own Deno process).
 */
import { createClient } from '@supabase/supabase-js';
import { stack } from './helpers.ts';

/**
 * The function's HTTP answer, whatever its status, to a call as the holder of `token` (null sends no
 * Authorization header at all) with `body` (a string is sent as it is, anything else as JSON).
 */
export async function invoke(name: string, token: string | null, body?: unknown, url = stack.url): Promise<Response> {
  const client = createClient(url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      // supabase-js always sends a bearer (its key when there is no session): "no header" removes it
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        if (!token) headers.delete('authorization');
        return fetch(input, { ...init, headers });
      },
    },
  });
  const { data, error, response } = await client.functions.invoke(name, {
    method: 'POST',
    ...(body === undefined ? {} : { body: body as string }),
  });
  if (error) {
    const context = (error as { context?: unknown }).context;
    // a Response, though maybe not of this realm's class (@hono/node-server replaces the global one)
    if (context && typeof (context as Response).status === 'number') return context as Response;
    throw error;
  }
  return new Response(typeof data === 'string' ? data : JSON.stringify(data), { status: response!.status, headers: response!.headers });
}
