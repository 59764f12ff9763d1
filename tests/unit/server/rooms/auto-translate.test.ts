import { describe, expect, it } from 'vitest';
import { autoTargets, chooseGuestLanguage, toggleActive } from '../../../../src/server/rooms/auto-translate';

const PAIRS = [
  { from: 'en', to: 'es' },
  { from: 'es', to: 'en' },
  { from: 'en', to: 'ca' },
];

describe('auto-translate', () => {
  it('takes a guest language the pairs serve both ways, the host active first', () => {
    expect(chooseGuestLanguage(undefined, 'en-US', 'es-ES', PAIRS)).toEqual({
      ok: true,
      value: { hostLanguage: 'en-US', guestLanguage: 'es', active: 'host' },
    });
  });

  it('refuses a guest language without pairs both ways, or the host’s own', () => {
    expect(chooseGuestLanguage(undefined, 'en-US', 'ca', PAIRS)).toEqual({
      ok: false,
      message: 'no installed language pair translates between en and ca both ways',
    });
    expect(chooseGuestLanguage(undefined, 'en-US', 'en-GB', PAIRS)).toMatchObject({ ok: false });
  });

  it('toggles whose turn it is, once a guest language is chosen', () => {
    const on = { hostLanguage: 'en-US', guestLanguage: 'es', active: 'host' as const };
    expect(toggleActive(on)).toEqual({ ok: true, value: { ...on, active: 'guest' } });
    expect(toggleActive({ ...on, active: 'guest' })).toEqual({ ok: true, value: on });
    expect(toggleActive(undefined)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/guest's language first/),
    });
  });

  it('translates each caption into the other person’s language', () => {
    const on = { hostLanguage: 'en-US', guestLanguage: 'es', active: 'host' as const };
    expect(autoTargets(on, 'en-US')).toEqual(['es']);
    expect(autoTargets(on, 'es')).toEqual(['en']);
    expect(autoTargets(undefined, 'en-US')).toEqual([]);
  });
});
