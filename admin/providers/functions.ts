/**
 * Calls to the project's Edge Functions. A function that refuses answers with a JSON body whose
 * `error` is a Spanish message for the admin; that message (not supabase-js' generic one) is what a
 * failed call throws.
 */
import { supabase } from './supabase.ts';

/** The server's own message from a function error (its JSON body's `error`), or the error's. */
export async function messageOf(error: { message: string; context?: unknown }): Promise<string> {
  const response = error.context;
  if (response instanceof Response) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (typeof body?.error === 'string') return body.error;
  }
  return error.message;
}

/** Invokes an Edge Function with a JSON body; a refusal throws an Error carrying the server's message. */
export async function invokeFunction<T>(name: string, body: object): Promise<T | null> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) throw new Error(await messageOf(error));
  return data;
}
