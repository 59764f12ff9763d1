import { describe, expect, it } from 'vitest';
import {
  CUSTOM_TOKEN_MAX_LENGTH,
  DEEP_LINK_MAX_LENGTH,
  DESKTOP_OPEN_DEEP_LINK,
  desktopLoginDeepLink,
  findDeepLinkArg,
  isCustomTokenShape,
  parseDeepLink,
} from '../../../src/shared/desktop';

// A token of the Auth emulator's shape: unsigned JWT (empty signature).
const EMULATOR_TOKEN = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJ1aWQiOiJhYmMifQ.';
const SIGNED_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJ1aWQiOiJhYmMifQ.c2lnbmF0dXJlLXBhcnQ_-x';

describe('desktopLoginDeepLink / parseDeepLink', () => {
  it.each([EMULATOR_TOKEN, SIGNED_TOKEN])('round-trips %s', (token) => {
    const url = desktopLoginDeepLink(token);
    expect(url.startsWith('hearken://login?customToken=')).toBe(true);
    expect(parseDeepLink(url)).toEqual({ ok: true, action: 'login', customToken: token });
  });

  it.each([
    [`hearken://login/?customToken=${SIGNED_TOKEN}`, SIGNED_TOKEN],
    [`HEARKEN://LOGIN?customToken=${SIGNED_TOKEN}`, SIGNED_TOKEN],
    [`hearken:login?customToken=${SIGNED_TOKEN}`, SIGNED_TOKEN],
    [`hearken://login?customToken=${SIGNED_TOKEN}&other=1`, SIGNED_TOKEN],
  ])('forgives platform differences: %s', (url, token) => {
    expect(parseDeepLink(url)).toEqual({ ok: true, action: 'login', customToken: token });
  });

  it.each([
    ['https://login?customToken=a.b.c', 'not-our-scheme'],
    ['hearkenx://login?customToken=a.b.c', 'not-our-scheme'],
    ['', 'not-our-scheme'],
    ['hearken://logout?customToken=a.b.c', 'unknown-action'],
    ['hearken://?customToken=a.b.c', 'unknown-action'],
    ['hearken://login', 'missing-token'],
    ['hearken://login?customToken=', 'missing-token'],
    ['hearken://login?token=a.b.c', 'missing-token'],
    ['hearken://login?customToken=not-a-jwt', 'invalid-token'],
    ['hearken://login?customToken=a.b.c%3Cscript%3E', 'invalid-token'],
    ['hearken://login?customToken=a.b.c&customToken=d.e.f', 'invalid-token'],
    [`hearken://login?customToken=${'a'.repeat(DEEP_LINK_MAX_LENGTH)}`, 'too-long'],
  ])('refuses %s (%s)', (url, problem) => {
    expect(parseDeepLink(url)).toEqual({ ok: false, problem });
  });

  it('reads hearken://open (the launch-app page) as opening the app, carrying nothing', () => {
    expect(DESKTOP_OPEN_DEEP_LINK).toBe('hearken://open');
    expect(parseDeepLink(DESKTOP_OPEN_DEEP_LINK)).toEqual({ ok: true, action: 'open' });
    expect(parseDeepLink(`hearken://open/?customToken=${SIGNED_TOKEN}`)).toEqual({
      ok: true,
      action: 'open',
    });
  });

  it('bounds the token length', () => {
    const part = 'a'.repeat(CUSTOM_TOKEN_MAX_LENGTH);
    expect(isCustomTokenShape(`${part.slice(0, CUSTOM_TOKEN_MAX_LENGTH - 4)}.b.c`)).toBe(true);
    expect(isCustomTokenShape(`${part}.b.c`)).toBe(false);
  });
});

describe('findDeepLinkArg', () => {
  it('finds the URL among Chromium switches', () => {
    const url = desktopLoginDeepLink(SIGNED_TOKEN);
    expect(findDeepLinkArg(['/opt/Hearken/hearken', '--allow-file-access', url])).toBe(url);
    expect(findDeepLinkArg(['/opt/Hearken/hearken', '--no-sandbox'])).toBeUndefined();
  });
});
