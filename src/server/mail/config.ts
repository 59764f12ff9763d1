/**
 * HEARKEN_SMTP_URL and HEARKEN_MAIL_FROM (docs/deploy.md, Mail). Unset: no mail server, and every
 * screen that would have sent an email shows the link to pass on instead. A URL that cannot work
 * is refused at start-up, not at the first invitation.
 */
import type { MailSettings } from './mailer';

const SMTP_PROTOCOLS = new Set(['smtp:', 'smtps:']);
/** "Name <address>" or a bare address: enough to refuse a typo, not a full RFC 5322 parser. */
const FROM_PATTERN = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/;

export function loadMailConfig(env: NodeJS.ProcessEnv, publicUrl?: string): MailSettings | undefined {
  const smtpUrl = env.HEARKEN_SMTP_URL?.trim();
  if (!smtpUrl) return undefined;
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('HEARKEN_SMTP_URL is not a URL: write smtp://user:password@host:587 or smtps://…:465');
  }
  if (!SMTP_PROTOCOLS.has(url.protocol) || !url.hostname) {
    throw new Error(
      `HEARKEN_SMTP_URL must be smtp://… or smtps://… with a host (got ${url.protocol}//${url.host})`,
    );
  }
  const from = env.HEARKEN_MAIL_FROM?.trim() || `Hearken <no-reply@${defaultMailDomain(publicUrl)}>`;
  if (!FROM_PATTERN.test(from)) {
    throw new Error(`HEARKEN_MAIL_FROM must be an address or "Name <address>" (got "${from}")`);
  }
  return { smtpUrl, from };
}

/** The public URL's host, else localhost: a From the operator is expected to set in production. */
function defaultMailDomain(publicUrl: string | undefined): string {
  if (!publicUrl) return 'localhost';
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
