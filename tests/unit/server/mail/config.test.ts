import { describe, expect, it } from 'vitest';
import { describeSmtpUrl, loadMailConfig, noMailer } from '../../../../src/server/mail';

describe('HEARKEN_SMTP_URL and HEARKEN_MAIL_FROM', () => {
  it('is off without a URL: no mail server, nothing sent', async () => {
    expect(loadMailConfig({})).toBeUndefined();
    expect(loadMailConfig({ HEARKEN_SMTP_URL: '  ' })).toBeUndefined();
    expect(noMailer.configured).toBe(false);
    expect(await noMailer.send({ to: 'a@example.org', subject: 's', text: 't', html: 'h' })).toBe(
      'no-mail-server',
    );
  });

  it('takes smtp:// and smtps:// with a From from the public URL unless one is given', () => {
    expect(
      loadMailConfig({ HEARKEN_SMTP_URL: 'smtp://u:p@mail.example.org:587' }, 'https://captions.example.org'),
    ).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.org:587',
      from: 'Hearken <no-reply@captions.example.org>',
    });
    expect(
      loadMailConfig({
        HEARKEN_SMTP_URL: 'smtps://mail.example.org',
        HEARKEN_MAIL_FROM: 'Captions <captions@example.org>',
      }),
    ).toEqual({ smtpUrl: 'smtps://mail.example.org', from: 'Captions <captions@example.org>' });
    expect(loadMailConfig({ HEARKEN_SMTP_URL: 'smtp://127.0.0.1:2525' })?.from).toBe(
      'Hearken <no-reply@localhost>',
    );
  });

  it('refuses at start-up what could never send', () => {
    expect(() => loadMailConfig({ HEARKEN_SMTP_URL: 'mail.example.org' })).toThrow(/not a URL/);
    expect(() => loadMailConfig({ HEARKEN_SMTP_URL: 'https://mail.example.org' })).toThrow(
      /smtp:\/\/… or smtps:/,
    );
    expect(() =>
      loadMailConfig({ HEARKEN_SMTP_URL: 'smtp://mail.example.org', HEARKEN_MAIL_FROM: 'not an address' }),
    ).toThrow(/HEARKEN_MAIL_FROM/);
  });

  it('never names the user or password of the mail server in what it logs', () => {
    expect(describeSmtpUrl('smtp://hearken:s3cret@mail.example.org:587')).toBe('smtp://mail.example.org:587');
  });
});
