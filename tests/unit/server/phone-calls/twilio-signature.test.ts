import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from '../../../../src/server/phone-calls/twilio-signature';

/** Twilio's own published example (its helper libraries' webhook tests). */
const TOKEN = '12345';
const URL_ = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params = () =>
  new Map(
    Object.entries({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    }).map(([k, v]) => [k, [v]]),
  );

describe('X-Twilio-Signature', () => {
  it('is Twilio’s for its published example', () => {
    expect(twilioSignature(TOKEN, URL_, params())).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('does not depend on the order the form’s fields came in', () => {
    const reversed = new Map([...params()].reverse());
    expect(twilioSignature(TOKEN, URL_, reversed)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('verifies the right one and nothing else', () => {
    expect(verifyTwilioSignature(TOKEN, URL_, params(), 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(verifyTwilioSignature(TOKEN, URL_, params(), ['RSOYDt4T1cUTdK1PDd93/VVr8B8='])).toBe(true);
    expect(verifyTwilioSignature('54321', URL_, params(), 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(verifyTwilioSignature(TOKEN, `${URL_}&baz=3`, params(), 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(
      false,
    );
    const changed = params();
    changed.set('Digits', ['9999']);
    expect(verifyTwilioSignature(TOKEN, URL_, changed, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, params(), undefined)).toBe(false);
    expect(verifyTwilioSignature(TOKEN, URL_, params(), 'short')).toBe(false);
  });

  it('signs a websocket handshake by its URL alone', () => {
    const url = 'wss://example.com/api/v1/calls/media';
    expect(verifyTwilioSignature(TOKEN, url, undefined, twilioSignature(TOKEN, url))).toBe(true);
    expect(twilioSignature(TOKEN, url)).not.toBe(twilioSignature(TOKEN, 'wss://example.com/other'));
  });
});
