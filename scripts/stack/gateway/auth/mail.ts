/**
 * The email links of Supabase Auth, as GoTrue makes them, and a local outbox instead of a mail server.
 *
 * - POST /invite (service key): creates an account without a password, invited now, and mails an
 *   invitation link. What `auth.admin.inviteUserByEmail` calls.
 * - POST /recover: mails a password-reset link when the address has an account, and answers the
 *   same either way, so nobody learns which addresses exist. What `auth.resetPasswordForEmail` calls.
 * - GET /verify?token=…&type=invite|recovery&redirect_to=…: the link itself. A valid, unused link
 *   less than LINK_SECONDS old signs the person in and redirects to redirect_to with the session
 *   in the fragment (#access_token=…&refresh_token=…&type=invite), GoTrue's implicit flow; a used,
 *   expired or unknown link redirects with #error=access_denied&error_code=otp_expired. A
 *   redirect_to outside the shop's own origins is replaced by the site's address.
 *
 * Tokens: the link carries a random token; the account keeps only its SHA-224 hash (with the
 * address, as GoTrue's token hash) in confirmation_token (invitations) or recovery_token, and in
 * auth.one_time_tokens. A link works once.
 *
 * Nothing sends mail here: every message is printed to the stack's log and kept in the outbox (with
 * the alerts the stack's SMTP server receives, ../mail-catcher.ts),
 * `GET /outbox` (a page, newest first) and `GET /outbox.json`, as a mail catcher would show them.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Client, Pool } from '../db.ts';
import { inTransaction } from '../db.ts';
import { type Actor, audit, SERVICE_ROLE_ACTOR, targetTraits } from './audit.ts';
import { insertUser, USER_COLUMNS, type UserRow, userJson, withIdentities } from './users.ts';

/** How long an invitation or reset link works (the "Email OTP expiration" of a hosted project). */
export const LINK_SECONDS = 24 * 3600;
/** Reset emails one address may be sent per hour (GoTrue's per-address email limit). */
const RECOVERIES_PER_HOUR = 3;
const OUTBOX_SIZE = 200;

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link: string;
  /** Auth's invitation and reset links, or an alert sent through the stack's SMTP server (../mail-catcher.ts). */
  type: 'invite' | 'recovery' | 'aviso';
  sent_at: string;
  from?: string;
  html?: string;
  /** The List-Unsubscribe header of an alert. */
  unsubscribe?: string;
}

type LinkType = Exclude<OutboxMail['type'], 'aviso'>;

/** Keeps a mail in the outbox, newest first, the last OUTBOX_SIZE only. */
export function pushToOutbox(outbox: OutboxMail[], mail: Omit<OutboxMail, 'sent_at'>): void {
  outbox.unshift({ ...mail, sent_at: new Date().toISOString() });
  outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
}
const TOKEN_COLUMN = { invite: 'confirmation_token', recovery: 'recovery_token' } as const;
const SENT_COLUMN = { invite: 'confirmation_sent_at', recovery: 'recovery_sent_at' } as const;
const ONE_TIME_TYPE = { invite: 'confirmation_token', recovery: 'recovery_token' } as const;

export const tokenHash = (email: string, token: string) =>
  createHash('sha224')
    .update(email + token)
    .digest('hex');

export interface MailDeps {
  pool: Pool;
  /** The Auth API's own address, e.g. http://127.0.0.1:54321/auth/v1 */
  authUrl: string;
  /** Origins a link may send the person back to; the first is the site's address. */
  siteOrigins: readonly string[];
  log: (line: string) => void;
  outbox: OutboxMail[];
  ipOf: (c: Context) => string | null;
  requireServiceKey: (c: Context) => Promise<void>;
  readJson: (c: Context) => Promise<Record<string, unknown>>;
  error: (status: number, code: string, msg: string) => Error;
  /** Starts a session for the user and answers GoTrue's token response. */
  signIn: (
    db: Client,
    user: UserRow,
    c: Context,
  ) => Promise<{ access_token: string; refresh_token: string; expires_in: number; expires_at: number }>;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function mailRoutes(app: Hono, deps: MailDeps): void {
  const { pool } = deps;
  const recentRecoveries = new Map<string, number[]>();

  /** Where a link may send the person: one of the shop's origins, else the site's address. */
  function safeRedirect(wanted: string | undefined): string {
    const site = deps.siteOrigins[0] ?? deps.authUrl;
    if (!wanted) return site;
    try {
      const url = new URL(wanted);
      return deps.siteOrigins.includes(url.origin) ? url.toString() : site;
    } catch {
      return site;
    }
  }

  async function issueLink(db: Client, user: UserRow, type: LinkType, redirectTo: string): Promise<string> {
    const token = randomBytes(24).toString('hex');
    const hash = tokenHash(user.email ?? '', token);
    await db.query(`update auth.users set ${TOKEN_COLUMN[type]} = $2, ${SENT_COLUMN[type]} = now() where id = $1`, [user.id, hash]);
    await db.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
       values (gen_random_uuid(), $1, $2, $3, $4)
       on conflict (user_id, token_type) do update set token_hash = excluded.token_hash, created_at = now(), updated_at = now()`,
      [user.id, ONE_TIME_TYPE[type], hash, user.email ?? ''],
    );
    const link = new URL(`${deps.authUrl}/verify`);
    link.searchParams.set('token', hash);
    link.searchParams.set('type', type);
    link.searchParams.set('redirect_to', redirectTo);
    return link.toString();
  }

  function send(mail: Omit<OutboxMail, 'sent_at'>): void {
    pushToOutbox(deps.outbox, mail);
    deps.log(`Correo para ${mail.to} («${mail.subject}»): ${mail.link}`);
  }

  app.post('/invite', async (c) => {
    await deps.requireServiceKey(c);
    const body = await deps.readJson(c);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    if (!EMAIL_RE.test(email)) throw deps.error(400, 'validation_failed', 'Unable to validate email address: invalid format');
    const redirectTo = safeRedirect(c.req.query('redirect_to') ?? (body['redirect_to'] as string | undefined));
    const result = await inTransaction(pool, async (db) => {
      const existing = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where email = $1 and deleted_at is null`, [email]);
      const found = existing.rows[0];
      // GoTrue invites again an address that never accepted; a confirmed account is taken
      if (found?.email_confirmed_at) return null;
      const user =
        found ??
        (await insertUser(db, {
          email,
          encryptedPassword: null,
          confirmed: false,
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: (body['data'] as Record<string, unknown>) ?? {},
          bannedForSeconds: 0,
        }));
      const invited = await db.query<UserRow>(`update auth.users set invited_at = now() where id = $1 returning ${USER_COLUMNS}`, [
        user.id,
      ]);
      const link = await issueLink(db, user, 'invite', redirectTo);
      await audit(db, { actor: SERVICE_ROLE_ACTOR, action: 'user_invited', ip: deps.ipOf(c), traits: targetTraits(user) });
      return { user: invited.rows[0]!, link };
    });
    if (!result) throw deps.error(422, 'email_exists', 'A user with this email address has already been registered');
    send({
      to: email,
      type: 'invite',
      subject: 'Te invitaron al panel de administración',
      text: `Te invitaron a administrar la tienda. Abre este enlace para elegir tu contraseña (vale ${LINK_SECONDS / 3600} horas):\n${result.link}`,
      link: result.link,
    });
    return c.json(await userWithIdentities(result.user));
  });

  async function userWithIdentities(user: UserRow): Promise<Record<string, unknown>> {
    return userJson((await withIdentities(pool, [user]))[0]!);
  }

  app.post('/recover', async (c) => {
    const body = await deps.readJson(c);
    const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
    if (!EMAIL_RE.test(email)) throw deps.error(400, 'validation_failed', 'Unable to validate email address: invalid format');
    const now = Date.now();
    const recent = (recentRecoveries.get(email) ?? []).filter((t) => now - t < 3600_000);
    if (recent.length >= RECOVERIES_PER_HOUR) throw deps.error(429, 'over_email_send_rate_limit', 'Email rate limit exceeded');
    recentRecoveries.set(email, [...recent, now]);
    const redirectTo = safeRedirect(c.req.query('redirect_to') ?? (body['redirect_to'] as string | undefined));
    const link = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<UserRow>(`select ${USER_COLUMNS} from auth.users where email = $1 and deleted_at is null`, [email]);
      const user = rows[0];
      if (!user) return null;
      const issued = await issueLink(db, user, 'recovery', redirectTo);
      await audit(db, { actor: user as Actor, action: 'user_recovery_requested', ip: deps.ipOf(c) });
      return issued;
    });
    if (link) {
      send({
        to: email,
        type: 'recovery',
        subject: 'Restablece tu contraseña',
        text: `Para elegir una contraseña nueva abre este enlace (vale ${LINK_SECONDS / 3600} horas):\n${link}`,
        link,
      });
    }
    return c.json({});
  });

  app.get('/verify', async (c) => {
    const type = c.req.query('type');
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const fail = (description: string) =>
      c.redirect(`${redirectTo}#error=access_denied&error_code=otp_expired&error_description=${encodeURIComponent(description)}`, 303);
    if ((type !== 'invite' && type !== 'recovery') || !/^[0-9a-f]{56}$/.test(token)) return fail('Email link is invalid or has expired');
    const session = await inTransaction(pool, async (db) => {
      const { rows } = await db.query<UserRow & { sent_at: Date | null }>(
        `select ${USER_COLUMNS}, ${SENT_COLUMN[type]} as sent_at from auth.users
          where ${TOKEN_COLUMN[type]} = $1 and deleted_at is null for update`,
        [token],
      );
      const user = rows[0];
      if (!user?.sent_at || Date.now() - user.sent_at.getTime() > LINK_SECONDS * 1000) return null;
      if (user.banned_until && user.banned_until > new Date()) return null;
      // a link works once; an invitation also confirms the address
      const used = await db.query<UserRow>(
        `update auth.users set ${TOKEN_COLUMN[type]} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), last_sign_in_at = now()
          where id = $1 returning ${USER_COLUMNS}`,
        [user.id],
      );
      await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, ONE_TIME_TYPE[type]]);
      await db.query(
        `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb where user_id = $1 and provider = 'email'`,
        [user.id],
      );
      await audit(db, { actor: user, action: type === 'invite' ? 'invite_accepted' : 'login', ip: deps.ipOf(c) });
      return deps.signIn(db, used.rows[0]!, c);
    });
    if (!session) return fail('Email link is invalid or has expired');
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    });
    return c.redirect(`${redirectTo}#${fragment}`, 303);
  });
}

/** The outbox as a page a person reads in the browser, newest first. */
export function outboxPage(outbox: readonly OutboxMail[]): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const items = outbox
    .map(
      (m) => `<article><h2>${esc(m.subject)}</h2><p class="meta">Para ${esc(m.to)} · ${esc(new Date(m.sent_at).toLocaleString('es-MX'))}</p>
<pre>${esc(m.text)}</pre><p><a href="${esc(m.link)}">Abrir el enlace</a></p></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Correos enviados (pila local)</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}.meta{color:#555;margin:.25rem 0}
pre{white-space:pre-wrap;word-break:break-all;background:#f6f6f6;padding:.5rem;border-radius:4px}</style></head>
<body><h1>Correos enviados</h1><p>La pila local no envía correos: aquí quedan las invitaciones, los enlaces para restablecer contraseñas y los avisos.</p>
${items || '<p>Todavía no hay correos.</p>'}</body></html>`;
}
