import { describe, expect, it } from 'vitest';
import {
  conversationInvitation,
  headerSafe,
  licenceLink,
  organizationInvitation,
} from '../../../../src/server/mail';

const LINK = 'https://captions.example.org/web/signup?redirect=%2Faccount%2Fdashboard';

describe('the emails Hearken sends', () => {
  it('names the organisation and the inviter, and carries the link in the text and the HTML', () => {
    const mail = organizationInvitation({
      organizationName: 'Boundary Works',
      inviterName: 'Ada',
      link: LINK,
    });
    expect(mail.subject).toBe('Ada invited you to Boundary Works on Hearken');
    expect(mail.text).toContain(`Open Hearken: ${LINK}`);
    expect(mail.html).toContain(`<a href="${LINK}">Open Hearken</a>`);
  });

  it('escapes every typed name in the HTML, so a name cannot add markup or a link', () => {
    const mail = organizationInvitation({
      organizationName: '<a href="https://evil.example">Click</a>',
      inviterName: 'Eve & "friends"',
      link: LINK,
    });
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&#60;a href=&#34;https://evil.example&#34;&#62;Click&#60;/a&#62;');
    expect(mail.html).toContain('Eve &#38; &#34;friends&#34;');
    // The text part is text: nothing to escape, nothing lost.
    expect(mail.text).toContain('Eve & "friends" invited you');
  });

  it('keeps a subject to one short line whatever the names hold', () => {
    expect(headerSafe('Evil\r\nBcc: everyone@example.org')).toBe('Evil Bcc: everyone@example.org');
    const long = headerSafe('x'.repeat(500));
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
    const mail = licenceLink({ organizationName: `Org\nwith\ttabs ${'y'.repeat(200)}`, link: LINK });
    expect(mail.subject).not.toMatch(/[\r\n\t]/);
    expect(mail.subject.length).toBeLessThan(100);
  });

  it('says who invited to which conversation, and works without a title', () => {
    const titled = conversationInvitation({ inviterName: 'Sam', roomTitle: 'Stand-up', link: LINK });
    expect(titled.subject).toBe('Sam invited you to the conversation “Stand-up”');
    expect(titled.text).toContain(`Join the conversation: ${LINK}`);
    const untitled = conversationInvitation({ inviterName: '', roomTitle: '', link: LINK });
    expect(untitled.subject).toBe('Someone invited you to a conversation');
  });

  it('sends a licence link as a claim, naming who gave it', () => {
    const mail = licenceLink({ organizationName: 'Boundary Works', link: LINK });
    expect(mail.subject).toBe('Boundary Works sent you a Hearken licence');
    expect(mail.text).toContain(`Claim your licence: ${LINK}`);
  });
});
