/**
 * Sends mail over SMTP with nodemailer (HEARKEN_SMTP_URL), or says there is no mail server. A
 * mail that cannot go is never an error for the person who asked: they get the link to pass on
 * themselves, and the log says why the mail did not go (without the password).
 */
import nodemailer from 'nodemailer';
import type { MailDelivery } from '../../shared/mail';
import type { OutgoingMail } from './messages';

export interface MailSettings {
  /** smtp://user:password@host:port or smtps://… (nodemailer's connection URL). */
  smtpUrl: string;
  /** The From header: "Hearken <no-reply@example.org>". */
  from: string;
}

export interface Mailer {
  /** Whether a mail server is configured (the interface may then say "we emailed them"). */
  readonly configured: boolean;
  send(mail: OutgoingMail): Promise<MailDelivery>;
  close(): void;
}

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

/**
 * How long a request waits for the mail server: someone is waiting for the answer, and the link
 * they get when the mail did not go is as good as the mail.
 */
export const SMTP_TIMEOUTS_MS = { connection: 5_000, greeting: 5_000, socket: 10_000 } as const;

/** The mail server's address for the log: never its user or password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

export const noMailer: Mailer = {
  configured: false,
  send: async () => 'no-mail-server',
  close: () => {},
};

export function openMailer(settings: MailSettings | undefined, log: Log): Mailer {
  if (!settings) return noMailer;
  const transport = nodemailer.createTransport(
    {
      url: settings.smtpUrl,
      connectionTimeout: SMTP_TIMEOUTS_MS.connection,
      greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
      socketTimeout: SMTP_TIMEOUTS_MS.socket,
    },
    { from: settings.from },
  );
  const server = describeSmtpUrl(settings.smtpUrl);
  return {
    configured: true,
    async send(mail) {
      try {
        await transport.sendMail({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        log('info', 'mail sent', { subject: mail.subject, server });
        return 'mailed';
      } catch (error) {
        const { message, code, responseCode } = error as Error & { code?: string; responseCode?: number };
        log('warn', 'mail could not be sent; the link was given to the caller instead', {
          server,
          error: message,
          ...(code ? { code } : {}),
          ...(responseCode ? { responseCode } : {}),
        });
        return 'failed';
      }
    },
    close: () => transport.close(),
  };
}
