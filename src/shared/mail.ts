/**
 * Mail the server sends for people (issue 28): an invitation to an organisation, a licence sent
 * as a link, an invitation to a conversation. Each answer that could have sent one says how it
 * went, so the interface shows the link to copy whenever no email went out.
 */
import { oneOf } from './schema';

export const MAIL_DELIVERIES = [
  /** The mail server took the email. */
  'mailed',
  /** This server has no mail server (HEARKEN_SMTP_URL unset): the link is for the caller to pass on. */
  'no-mail-server',
  /** The mail server could not be reached or refused the email: the link is for the caller. */
  'failed',
] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];
export const mailDeliverySchema = oneOf(MAIL_DELIVERIES);
