/**
 * The Scribe rules of conversation.md, as tables: the request machine (pending, connected,
 * ended, cancelled, removed), the room's Scribe status (pending, ongoing, ended, leaving), "a
 * Scribe request cannot target oneself", accurate mode's 5 to 10 s, and the stored mode.
 */
import { describe, expect, it } from 'vitest';
import {
  SCRIBE_ACCURATE_DELAY_MAX_MS,
  SCRIBE_ACCURATE_DELAY_MIN_MS,
  SCRIBE_ERRORS,
  SCRIBE_MAX_ROOMS,
  SCRIBE_REQUEST_STATES,
  SCRIBE_STATUSES,
  type ScribeRequestEvent,
  type ScribeRequestState,
  acceptRefusal,
  accurateReleaseAt,
  isFinalRequestState,
  nextRequestState,
  scribeStatusOf,
  scribeStandingOf,
  secondsSince,
  storedCorrectionMode,
} from '../../../../src/shared/scribe/model';
import { SCRIBE_SHORTCUTS, scribeShortcutOf } from '../../../../src/shared/scribe/shortcuts';

describe('the spec’s names', () => {
  it('has the request states and the Scribe statuses the spec lists', () => {
    expect([...SCRIBE_REQUEST_STATES]).toEqual(['pending', 'connected', 'ended', 'cancelled', 'removed']);
    expect([...SCRIBE_STATUSES]).toEqual(['pending', 'ongoing', 'ended', 'leaving']);
  });

  it('says the spec’s error for a request to oneself', () => {
    expect(SCRIBE_ERRORS['cannot-request-self']).toBe('Can not join yourself.');
  });
});

const EVENTS: ScribeRequestEvent[] = ['accept', 'cancel', 'remove', 'end', 'room-ended'];

/** Every state × event: the next state, or '-' where the event does not apply. */
const TRANSITIONS: Record<ScribeRequestState, Record<ScribeRequestEvent, ScribeRequestState | '-'>> = {
  pending: { accept: 'connected', cancel: 'cancelled', remove: '-', end: '-', 'room-ended': 'cancelled' },
  connected: { accept: '-', cancel: 'removed', remove: 'removed', end: 'ended', 'room-ended': 'ended' },
  ended: { accept: '-', cancel: '-', remove: '-', end: '-', 'room-ended': '-' },
  cancelled: { accept: '-', cancel: '-', remove: '-', end: '-', 'room-ended': '-' },
  removed: { accept: '-', cancel: '-', remove: '-', end: '-', 'room-ended': '-' },
};

describe('nextRequestState', () => {
  const cases = SCRIBE_REQUEST_STATES.flatMap((state) =>
    EVENTS.map((event) => [state, event, TRANSITIONS[state][event]] as const),
  );
  it.each(cases)('%s + %s -> %s', (state, event, expected) => {
    expect(nextRequestState(state, event) ?? '-').toBe(expected);
  });

  it.each([
    ['pending', false],
    ['connected', false],
    ['ended', true],
    ['cancelled', true],
    ['removed', true],
  ] as const)('%s is final: %s', (state, final) => {
    expect(isFinalRequestState(state)).toBe(final);
  });
});

describe('scribeStatusOf', () => {
  it.each([
    ['pending', false, 'pending'],
    ['pending', true, 'pending'],
    ['connected', true, 'ongoing'],
    ['connected', false, 'leaving'],
    ['ended', true, 'ended'],
    ['cancelled', false, 'ended'],
    ['removed', false, 'ended'],
  ] as const)('request %s, Scribe connected %s -> %s', (state, connected, status) => {
    expect(scribeStatusOf(state, connected)).toBe(status);
  });
});

describe('acceptRefusal (a Scribe request cannot target oneself)', () => {
  const request = { requesterAvaId: 'host', hostAvaId: 'host', state: 'pending' as const };
  it.each([
    ['another Scribe accepts a waiting request', request, 'scribe', 0, undefined],
    ['the requester accepts their own', request, 'host', 0, 'cannot-request-self'],
    [
      'the host of a room someone else asked for',
      { ...request, requesterAvaId: 'guest' },
      'host',
      0,
      'cannot-request-self',
    ],
    ['a request already accepted', { ...request, state: 'connected' as const }, 'scribe', 0, 'not-pending'],
    ['a cancelled request', { ...request, state: 'cancelled' as const }, 'scribe', 0, 'not-pending'],
    ['a Scribe with all their rooms', request, 'scribe', SCRIBE_MAX_ROOMS, 'too-many-rooms'],
    ['a Scribe with one room left', request, 'scribe', SCRIBE_MAX_ROOMS - 1, undefined],
  ] as const)('%s', (_, facts, scribe, serving, refusal) => {
    expect(acceptRefusal(facts, scribe, serving)).toBe(refusal);
  });
});

describe('accurateReleaseAt (the spec: 5 to 10 s)', () => {
  it.each([
    ['final at once', 1000, 1000, 1000 + SCRIBE_ACCURATE_DELAY_MIN_MS],
    ['final 3 s after its first words', 1000, 4000, 4000 + SCRIBE_ACCURATE_DELAY_MIN_MS],
    ['final 8 s after: capped at 10 s', 1000, 9000, 1000 + SCRIBE_ACCURATE_DELAY_MAX_MS],
    ['not final yet: the cap', 1000, undefined, 1000 + SCRIBE_ACCURATE_DELAY_MAX_MS],
  ] as const)('%s', (_, first, final, expected) => {
    expect(accurateReleaseAt(first, final)).toBe(expected);
  });

  it('always holds a line between 5 and 10 s from its first words', () => {
    for (let final = 0; final <= 20_000; final += 250) {
      const delay = accurateReleaseAt(0, final) - 0;
      expect(delay).toBeGreaterThanOrEqual(SCRIBE_ACCURATE_DELAY_MIN_MS);
      expect(delay).toBeLessThanOrEqual(SCRIBE_ACCURATE_DELAY_MAX_MS);
    }
  });
});

describe('storedCorrectionMode (stored locally, default Fast)', () => {
  it.each([
    [null, 'fast'],
    [undefined, 'fast'],
    ['', 'fast'],
    ['fast', 'fast'],
    ['accurate', 'accurate'],
    ['ACCURATE', 'fast'],
    ['slow', 'fast'],
  ] as const)('%j -> %s', (value, mode) => {
    expect(storedCorrectionMode(value)).toBe(mode);
  });
});

describe('secondsSince', () => {
  it.each([
    [0, 0, 0],
    [0, 999, 0],
    [0, 1000, 1],
    [1000, 62_500, 61],
    [5000, 4000, 0],
  ])('from %i to %i: %i s', (since, now, seconds) => {
    expect(secondsSince(since, now)).toBe(seconds);
  });
});

describe('Scribe keyboard shortcuts', () => {
  const press = (
    code: string,
    mods: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>>,
  ) => ({
    code,
    altKey: false,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    ...mods,
  });
  it.each([
    ['KeyA', { altKey: true, shiftKey: true }, 'dashboard', 'acceptOldest'],
    ['KeyA', { altKey: true }, 'dashboard', undefined],
    ['KeyA', { altKey: true, shiftKey: true, ctrlKey: true }, 'dashboard', undefined],
    ['KeyA', { altKey: true, shiftKey: true }, 'conversation', undefined],
    ['KeyM', { altKey: true, shiftKey: true }, 'conversation', 'toggleMode'],
    ['KeyC', { altKey: true, shiftKey: true }, 'conversation', 'focusChat'],
    ['KeyD', { altKey: true, shiftKey: true }, 'conversation', 'backToDashboard'],
  ] as const)('%s %j on the %s: %s', (code, mods, where, action) => {
    expect(scribeShortcutOf(press(code, mods), where)).toBe(action);
  });

  it('has no two shortcuts on the same key of one screen', () => {
    const keys = SCRIBE_SHORTCUTS.map((s) => `${s.where}:${s.code}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('scribeStandingOf', () => {
  it('serves only while an accepted request is connected; a removal outlasts anything after it', () => {
    expect(scribeStandingOf([])).toBe('none');
    expect(scribeStandingOf(['ended', 'cancelled'])).toBe('none');
    expect(scribeStandingOf(['connected'])).toBe('serving');
    expect(scribeStandingOf(['removed'])).toBe('removed');
    expect(scribeStandingOf(['removed', 'connected'])).toBe('removed');
  });
});
