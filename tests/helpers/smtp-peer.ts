/**
 * A real SMTP server for tests (the `smtp-server` package, what Nodemailer's own tests use): it
 * requires a user and password, keeps every message it accepts, parsed by `mailparser`, and can
 * be told to refuse logins, as a mail server with a changed password does.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpPeer {
  /** smtp://user:password@127.0.0.1:port, for HEARKEN_SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Logins refused while true (535, as a wrong password is). */
  refuseLogins: boolean;
  /** The first mail to `to` that arrives within `ms`. */
  mailTo(to: string, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(field: ParsedMail['to']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

export async function startSmtpPeer(user = 'hearken', password = 'mail-secret'): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const peer: Omit<SmtpPeer, 'url'> & { url: string } = {
    url: '',
    received,
    refuseLogins: false,
    async mailTo(to, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find((m) => m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no mail to ${to} within ${ms} ms (received: ${received.map((m) => m.to.join(',')).join('; ') || 'none'})`,
          );
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    // Plain SMTP on loopback: the test is about what Hearken sends, not about certificates.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (!peer.refuseLogins && auth.username === user && auth.password === password) {
        callback(null, { user });
        return;
      }
      const refused = new Error('Invalid username or password') as Error & { responseCode: number };
      refused.responseCode = 535;
      callback(refused);
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: addresses(mail.to),
            from: mail.from?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  peer.url = `smtp://${user}:${password}@127.0.0.1:${port}`;
  return peer;
}
