/**
 * request-rebuild: asks for the static shop to be published again.
 *
 * Who may call it: an admin (an owner or an editor, as the database says: _shared/http.ts callerOf)
 * or the service role. No Authorization header, or one that is not a valid session, gets 401; anyone
 * else (a deactivated account, a password-only session of a person with a second factor) gets 403.
 *
 * Body (optional JSON): { "force": true } publishes even when no change is pending (the back
 * office's 'Publicar ahora'); { "trigger": "admin" | "manual" | "schedule" } names who asked
 * ('schedule': the database's job that opens announced campaigns, private.request_publication_now).
 *
 * The database decides whether to dispatch (public.request_publication): only while changes are
 * pending and no publication is waiting to start, so a burst of edits gives one or two builds. When
 * it says so, the publication is started on the configured target, read from function secrets:
 *   PUBLISH_GITHUB_REPO + PUBLISH_GITHUB_TOKEN  a repository_dispatch ('publish-shop') to that
 *                                               repository's publish workflow;
 *   PUBLISH_HOOK_URL                            a POST to a static host's deploy hook;
 *   PUBLISH_TARGET=local                        the local stack: its rebuild worker hears the
 *                                               database's notification, nothing is sent.
 * A dispatch the target refuses is recorded on the publication, which the back office shows.
 */

import { adminOnly, CORS, env, json, serviceRpc as rpc } from '../_shared/http.ts';

interface Decision {
  dispatch: boolean;
  publication_id: number | null;
  reason: 'dispatched' | 'nothing_pending' | 'coalesced';
}

type Target = { kind: 'github'; api: string; repo: string; token: string } | { kind: 'hook'; url: string } | { kind: 'local' };

/** The publish target chosen by the function's secrets; null when none is configured. */
export function publishTarget(read: (key: string) => string | undefined = env): Target | null {
  const repo = read('PUBLISH_GITHUB_REPO');
  const token = read('PUBLISH_GITHUB_TOKEN');
  if (repo && token) return { kind: 'github', api: read('PUBLISH_GITHUB_API') ?? 'https://api.github.com', repo, token };
  const hook = read('PUBLISH_HOOK_URL');
  if (hook) return { kind: 'hook', url: hook };
  if (read('PUBLISH_TARGET') === 'local') return { kind: 'local' };
  return null;
}

/** Starts the publication on the target; throws with the target's answer when it refuses. */
async function dispatch(target: Target, publicationId: number, trigger: string): Promise<void> {
  if (target.kind === 'local') return;
  const payload = { publication_id: publicationId, trigger };
  const res =
    target.kind === 'github'
      ? await fetch(`${target.api}/repos/${target.repo}/dispatches`, {
          method: 'POST',
          headers: {
            accept: 'application/vnd.github+json',
            authorization: `Bearer ${target.token}`,
            'x-github-api-version': '2022-11-28',
            'content-type': 'application/json',
            'user-agent': 'outlet-mx-request-rebuild',
          },
          body: JSON.stringify({ event_type: 'publish-shop', client_payload: payload }),
        })
      : await fetch(target.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
  if (!res.ok) {
    const detail = (await res.text()).slice(0, 300);
    throw new Error(`El destino de publicación respondió ${res.status}${detail ? `: ${detail}` : ''}`);
  }
}

const TRIGGERS = ['admin', 'manual', 'schedule'] as const;
type Trigger = (typeof TRIGGERS)[number];
const isTrigger = (value: unknown): value is Trigger => TRIGGERS.includes(value as Trigger);

function parseBody(text: string): { force: boolean; trigger: Trigger } | null {
  if (!text.trim()) return { force: false, trigger: 'admin' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { force = false, trigger = 'admin' } = body as { force?: unknown; trigger?: unknown };
  if (typeof force !== 'boolean' || !isTrigger(trigger)) return null;
  return { force, trigger };
}

export default async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (req.method !== 'POST') return json(405, { error: 'Usa POST.' });

  const allowed = await adminOnly(req);
  if (allowed instanceof Response) return allowed;

  const body = parseBody(await req.text());
  if (!body) return json(400, { error: 'El cuerpo debe ser JSON: { "force"?: boolean, "trigger"?: "admin" | "manual" | "schedule" }.' });

  const target = publishTarget();
  if (!target) {
    return json(500, {
      error:
        'La publicación no está configurada: define PUBLISH_GITHUB_REPO y PUBLISH_GITHUB_TOKEN, o PUBLISH_HOOK_URL, en los secretos de la función.',
    });
  }

  const decision = await rpc<Decision>('request_publication', { p_trigger: body.trigger, p_force: body.force });
  if (!decision.dispatch || decision.publication_id === null) return json(200, decision);
  try {
    await dispatch(target, decision.publication_id, body.trigger);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await rpc('fail_publication', { p_id: decision.publication_id, p_error: message });
    return json(502, { ...decision, error: message });
  }
  return json(202, decision);
}
