/**
 * Calls to the project's Edge Functions. A function that refuses answers with a JSON body whose
 * `error` is a Spanish message for the admin; that message (not supabase-js' generic one) is what a
 * failed call throws, as a ConflictError when its `code` is PT409 (someone else changed the data).
 */
import { ConflictError } from '../common/errors.ts';
import { supabase } from './supabase.ts';

/** The server's own message and code from a function error (its JSON body's `error` and `code`), or the error's. */
async function refusalOf(error: { message: string; context?: unknown }): Promise<{ message: string; code?: string }> {
  const response = error.context;
  if (response instanceof Response) {
    const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    if (typeof body?.error === 'string') return { message: body.error, ...(typeof body.code === 'string' ? { code: body.code } : {}) };
  }
  return { message: error.message };
}

/** The server's own message from a function error (its JSON body's `error`), or the error's. */
export async function messageOf(error: { message: string; context?: unknown }): Promise<string> {
  return (await refusalOf(error)).message;
}

/** Invokes an Edge Function with a JSON body; a refusal throws an Error carrying the server's message. */
export async function invokeFunction<T>(name: string, body: object): Promise<T | null> {
  const { data, error } = await supabase.functions.invoke<T>(name, { body });
  if (error) {
    const refusal = await refusalOf(error);
    throw refusal.code === 'PT409' ? new ConflictError(refusal.message) : new Error(refusal.message);
  }
  return data;
}
