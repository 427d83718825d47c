/**
 * Email through the shop's SMTP server (SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_FROM) with
 * nodemailer, over a pool of connections. Port 465 is SMTP over TLS, the one hosted Edge Functions
 * may use (they block 25 and 587); any other port starts in plain text and upgrades with STARTTLS
 * when the server offers it. A recipient the server refuses for good (5xx) counts as gone.
 */
import nodemailer from 'npm:nodemailer@10.6.1';
import type { Outcome } from './push.ts';

export interface Smtp {
  host: string;
  port: number;
  user?: string | undefined;
  pass?: string | undefined;
  from: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export function mailSender(smtp: Smtp) {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.port === 465,
    // the name the shop greets the server with (nodemailer would ask the system for it)
    name: 'outlet-avisos',
    pool: true,
    maxConnections: 4,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
  return {
    async send(mail: Mail): Promise<Outcome> {
      try {
        await transport.sendMail({ from: smtp.from, ...mail });
        return { estado: 'enviado' };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode ?? 0;
        const message = `El servidor de correo respondió: ${String((error as Error).message ?? error).slice(0, 160)}`;
        return { estado: code >= 550 && code < 560 ? 'sin_destino' : 'fallido', error: message };
      }
    },
    close: () => transport.close(),
  };
}
