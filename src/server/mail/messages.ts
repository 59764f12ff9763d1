/**
 * The emails Hearken sends, as plain text and as HTML (pure: no I/O). Every name in them was
 * typed by someone, so the HTML escapes it and the subject keeps it to one short line. Written in
 * English: the recipient's language is not known for an invitation, and the licence link's
 * `language` is the admin's choice of interface, not a translation of mail (docs/mail.md).
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingMail extends MailContent {
  to: string;
}

/** Longest name kept in a subject line: a name is not a place for a paragraph. */
const SUBJECT_NAME_CHARS = 60;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line, no control characters, at most `max` characters: safe in a header. */
export function headerSafe(text: string, max = SUBJECT_NAME_CHARS): string {
  const line = text
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The same words as text and as HTML: paragraphs, one of which holds the link to press. */
function compose(
  subject: string,
  before: string[],
  action: string,
  link: string,
  after: string[],
): MailContent {
  const text = [...before, `${action}: ${link}`, ...after, '— Hearken'].join('\n\n');
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; font-size: 16px; line-height: 1.5">',
    ...before.map(paragraph),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="font-size: 14px">${escapeHtml(link)}</p>`,
    ...after.map(paragraph),
    '<p>— Hearken</p></body></html>',
  ].join('\n');
  return { subject, text, html };
}

export function organizationInvitation(facts: {
  organizationName: string;
  inviterName: string;
  link: string;
}): MailContent {
  const organization = headerSafe(facts.organizationName);
  const inviter = headerSafe(facts.inviterName) || 'The admin';
  return compose(
    `${inviter} invited you to ${organization} on Hearken`,
    [
      `${inviter} invited you to join ${organization} on Hearken, live captions for conversations, meetings and calls.`,
      'Sign in or create your account with this email address; the invitation waits on your dashboard until you accept or decline it.',
    ],
    'Open Hearken',
    facts.link,
    ['If you did not expect this, ignore this email: nothing happens until you accept.'],
  );
}

export function licenceLink(facts: { organizationName: string; link: string }): MailContent {
  const organization = headerSafe(facts.organizationName);
  return compose(
    `${organization} sent you a Hearken licence`,
    [
      `${organization} gave you a Hearken licence: captions without the free plan's limits.`,
      'Sign in or create your account with this email address and the licence is yours.',
    ],
    'Claim your licence',
    facts.link,
    ['If you did not expect this, ignore this email.'],
  );
}

export function conversationInvitation(facts: {
  inviterName: string;
  roomTitle: string;
  link: string;
}): MailContent {
  const inviter = headerSafe(facts.inviterName) || 'Someone';
  const title = headerSafe(facts.roomTitle);
  return compose(
    title
      ? `${inviter} invited you to the conversation “${title}”`
      : `${inviter} invited you to a conversation`,
    [
      `${inviter} invited you to a conversation on Hearken${title ? `, “${title}”` : ''}, with live captions. It is happening now.`,
    ],
    'Join the conversation',
    facts.link,
    ['The link works while the conversation goes on.'],
  );
}
