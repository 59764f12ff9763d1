export { loadMailConfig } from './config';
export { type MailSettings, type Mailer, describeSmtpUrl, noMailer, openMailer } from './mailer';
export {
  type MailContent,
  type OutgoingMail,
  conversationInvitation,
  headerSafe,
  licenceLink,
  organizationInvitation,
} from './messages';
