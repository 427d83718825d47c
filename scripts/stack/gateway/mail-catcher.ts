/**
 * The local stack's SMTP server: what the send-alerts function's SMTP secrets point at by default.
 * It accepts any message on loopback (no TLS, any or no login), parses it and keeps it in the stack's
 * outbox (`GET /outbox`, `GET /outbox.json`, beside the Auth links of auth/mail.ts), as a mail catcher
 * does: nothing leaves the machine.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { type OutboxMail, pushToOutbox } from './auth/mail.ts';

export interface MailCatcher {
  port: number;
  /** Messages received since it started (the outbox keeps only the newest). */
  received(): number;
  close(): Promise<void>;
}

/** The address a text names first after 'Ver en la tienda:', else its first link. */
function mainLink(text: string): string {
  return /Ver en la tienda: (\S+)/.exec(text)?.[1] ?? /https?:\/\/\S+/.exec(text)?.[0] ?? '';
}

export async function startMailCatcher(opts: { outbox: OutboxMail[]; port?: number; log?: (line: string) => void }): Promise<MailCatcher> {
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    banner: 'Buzón local de la tienda',
    closeTimeout: 1000,
    size: 1024 * 1024,
    onAuth: (_auth, _session, done) => done(null, { user: 'local' }),
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          count++;
          const text = mail.text ?? '';
          const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
          pushToOutbox(opts.outbox, {
            to,
            subject: mail.subject ?? '',
            text,
            link: mainLink(text),
            type: 'aviso',
            from: mail.from?.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            unsubscribe: mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/^[^:]*:\s*/, '') ?? '',
          });
          done();
        })
        .catch((error: Error) => done(error));
    },
    logger: false,
  });
  server.on('error', (error) => opts.log?.(`Servidor de correo local: ${error.message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
