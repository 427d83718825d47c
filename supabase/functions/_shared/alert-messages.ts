/**
 * What an alert says ('Avísame', supabase/schemas/26_alerts.sql): its push notification and its
 * email, in Spanish, from a message as public.claim_alerts answers it. Pure: the send-alerts function
 * writes with it, and the unit tests read it (tests/unit/alert-messages.test.ts).
 *
 * Every message leads through its open link (the alerts function records the open, then goes to the
 * shop page) and carries the one-tap unsubscribe link of its contact.
 */

export type AlertKind = 'campana' | 'talla' | 'termina';

/** A message as public.claim_alerts answers it. */
export interface ClaimedAlert {
  id: string;
  tipo: AlertKind;
  canal: 'push' | 'email';
  email: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
  token: string;
  destino: string;
  codigo: string | null;
  campana: { nombre: string | null; fecha_fin: string | null; inicia_en: string | null };
  productos: { nombre: string; marca: string; permalink: string; talla: string | null }[];
}

/** Where the shop and its functions are. */
export interface AlertLinks {
  /** The shop's public origin (SITE_URL), e.g. https://outlet.mx */
  site: string;
  /** The project's functions, e.g. https://<ref>.supabase.co/functions/v1 */
  functions: string;
}

export interface AlertText {
  title: string;
  body: string;
  /** The open link: records the open, then the shop page. */
  url: string;
  /** The page that deletes every request of this contact (/avisos/baja?t=…). */
  unsubscribe: string;
  /** The one-click unsubscribe (RFC 8058) mail clients POST to. */
  oneClick: string;
}

/** '12 de diciembre' from a yyyy-MM-dd date (the calendar day as written, whatever the time zone). */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('es-MX', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** 'Playera, Tenis y 3 más': at most two names, then how many more. */
export function namesList(names: readonly string[]): string {
  const shown = names.slice(0, 2).map((n) => `«${n}»`);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} y ${more} más`;
  return shown.length === 2 ? `${shown[0]} y ${shown[1]}` : (shown[0] ?? '');
}

const codeLine = (codigo: string | null) => (codigo ? ` Usa el código ${codigo}.` : '');

/** The notification's title and text for a message. */
export function alertWords(m: ClaimedAlert): { title: string; body: string } {
  const campaign = m.campana.nombre ?? 'La campaña';
  const ends = m.campana.fecha_fin ? longDate(m.campana.fecha_fin) : null;
  if (m.tipo === 'campana') {
    return {
      title: `¡Ya empezó «${campaign}»!`,
      body: `${ends ? `Termina el ${ends}. ` : ''}Entra antes de que se agoten tus tallas.${codeLine(m.codigo)}`,
    };
  }
  if (m.tipo === 'talla') {
    const p = m.productos[0];
    const name = p?.nombre ?? 'Tu producto';
    return {
      title: p?.talla ? `«${name}» talla ${p.talla} volvió` : `«${name}» volvió`,
      body: `${p?.marca ? `${p.marca}. ` : ''}Está otra vez a la venta: apártala antes de que se vaya.${codeLine(m.codigo)}`,
    };
  }
  return {
    title: `«${campaign}» termina mañana`,
    body: `Tus favoritos ${namesList(m.productos.map((p) => p.nombre))} siguen disponibles${ends ? ` hasta el ${ends}` : ''}.${codeLine(m.codigo)}`,
  };
}

export function alertText(m: ClaimedAlert, links: AlertLinks): AlertText {
  const site = links.site.replace(/\/+$/, '');
  const functions = links.functions.replace(/\/+$/, '');
  const token = encodeURIComponent(m.token);
  return {
    ...alertWords(m),
    url: `${functions}/alerts/open/${encodeURIComponent(m.id)}`,
    unsubscribe: `${site}/avisos/baja?t=${token}`,
    oneClick: `${functions}/alerts/unsubscribe?t=${token}`,
  };
}

/** The push message's payload, which the service worker shows (public/sw.js). */
export function pushPayload(m: ClaimedAlert, links: AlertLinks): string {
  const t = alertText(m, links);
  return JSON.stringify({ title: t.title, body: t.body, url: t.url, unsubscribe: t.unsubscribe, tag: `aviso-${m.id}` });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The email: subject, plain text and a small HTML version, with the one-click unsubscribe headers. */
export function alertEmail(m: ClaimedAlert, links: AlertLinks) {
  const t = alertText(m, links);
  const text = `${t.body}\n\nVer en la tienda: ${t.url}\n\n—\nRecibes este correo porque pediste que te avisáramos. Para no recibir más avisos: ${t.unsubscribe}\n`;
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#111;max-width:32rem">
<h1 style="font-size:20px">${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.body)}</p>
<p><a href="${escapeHtml(t.url)}" style="display:inline-block;background:#a3e635;color:#111;padding:12px 20px;border-radius:999px;font-weight:700;text-decoration:none">Ver en la tienda</a></p>
<p style="font-size:12px;color:#555">Recibes este correo porque pediste que te avisáramos. <a href="${escapeHtml(t.unsubscribe)}">No quiero más avisos</a>.</p>
</body></html>`;
  return {
    subject: t.title,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${t.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** A confirmation message to send, as public.claim_alert_confirmations answers it. */
export interface ClaimedConfirmation {
  email: string;
  token: string;
  /** What the email asked for, oldest first (at most 10). */
  pedidos: { tipo: AlertKind; campana: string | null; producto: string | null; talla: string | null }[];
}

/** Lines shown at most in the list of what was asked. */
const ASKED_LINES = 5;

/**
 * What an email asked for, a line each, so its owner recognises the request: 'cuando empiece
 * «Noche de tenis»', 'cuando vuelva «Playera básica» talla M', and once for any number of
 * favourites 'un día antes de que terminen tus favoritos'; at most ASKED_LINES, then 'y más'.
 */
export function askedLines(pedidos: ClaimedConfirmation['pedidos']): string[] {
  const lines: string[] = [];
  for (const p of pedidos) {
    const line =
      p.tipo === 'campana'
        ? `cuando empiece «${p.campana ?? 'la campaña'}»`
        : p.tipo === 'talla'
          ? `cuando vuelva «${p.producto ?? 'el producto'}»${p.talla ? ` talla ${p.talla}` : ''}`
          : 'un día antes de que terminen tus favoritos';
    if (!lines.includes(line)) lines.push(line);
  }
  return lines.length > ASKED_LINES ? [...lines.slice(0, ASKED_LINES), 'y más'] : lines;
}

/**
 * The message that asks an email's owner to confirm it before any alert is sent there, naming what
 * was asked: its link opens /avisos/confirmar?t=… (the page confirms; a mail scanner that only
 * fetches it confirms nothing). Whoever did not ask just ignores it: nothing more is sent.
 */
export function confirmationEmail(c: ClaimedConfirmation, links: Pick<AlertLinks, 'site'>) {
  const link = `${links.site.replace(/\/+$/, '')}/avisos/confirmar?t=${encodeURIComponent(c.token)}`;
  const subject = 'Confirma tu correo para recibir avisos';
  const intro = 'Pediste en Outlet de moda MX que te avisemos por correo';
  const asked = askedLines(c.pedidos);
  const confirm = 'Antes de escribirte, confirma que este correo es tuyo.';
  const ignore = 'Si no fuiste tú, ignora este mensaje: no te escribiremos nada más.';
  const list = asked.length > 0 ? `:\n${asked.map((l) => `- ${l}`).join('\n')}\n\n` : '.\n\n';
  const text = `${intro}${list}${confirm}\n\nConfirmar mi correo: ${link}\n\n${ignore}\n`;
  const htmlList = asked.length > 0 ? `:</p>\n<ul>${asked.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>\n<p>` : '. ';
  const html = `<!doctype html><html lang="es"><body style="font-family:system-ui,sans-serif;color:#111;max-width:32rem">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}${htmlList}${escapeHtml(confirm)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#a3e635;color:#111;padding:12px 20px;border-radius:999px;font-weight:700;text-decoration:none">Confirmar mi correo</a></p>
<p style="font-size:12px;color:#555">${escapeHtml(ignore)}</p>
</body></html>`;
  return { to: c.email, subject, text, html, headers: {} as Record<string, string> };
}
