import { describe, expect, it } from 'vitest';
import {
  AUTO_STOP_AFTER_MS,
  autoStopApplies,
  autoStopDue,
  conversationLimitMs,
  countdownShown,
  formatCountdown,
  isFreeOrLite,
  participantsIn,
  prolongedEndsAt,
  remainingMs,
  sessionEndsAt,
} from '../../../src/shared/session-limits';

describe('conversation limits (the spec: Basic 40 min, Premium 2 h)', () => {
  it.each([
    ['basic', 40 * 60_000],
    ['premium', 2 * 3_600_000],
  ] as const)('%s lasts %i ms from the start', (tier, ms) => {
    expect(conversationLimitMs(tier)).toBe(ms);
    expect(sessionEndsAt(1_000, tier)).toBe(1_000 + ms);
  });

  it('prolongs by one period from the later of now and the current end', () => {
    const session = { tier: 'basic' as const, endsAtMs: 10_000_000, prolongable: true };
    expect(prolongedEndsAt(session, 9_000_000)).toBe(10_000_000 + 2_400_000);
    expect(prolongedEndsAt(session, 11_000_000)).toBe(11_000_000 + 2_400_000);
  });

  it.each([
    [0, '0:00'],
    [1, '0:01'],
    [999, '0:01'],
    [1000, '0:01'],
    [59_001, '1:00'],
    [300_000, '5:00'],
    [2 * 3_600_000, '120:00'],
    [-5, '0:00'],
  ])('shows %i ms left as %s (minutes:seconds, rounded up)', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });

  it('counts down over the last five minutes only, never below zero', () => {
    expect(countdownShown(5 * 60_000)).toBe(true);
    expect(countdownShown(5 * 60_000 + 1)).toBe(false);
    expect(remainingMs({ endsAtMs: 100 }, 250)).toBe(0);
    expect(remainingMs({ endsAtMs: 300 }, 250)).toBe(50);
  });
});

describe('auto stop (free or Lite users, 100000 ms, one participant and one stream or fewer)', () => {
  const due = {
    freeOrLite: true,
    recordingMs: AUTO_STOP_AFTER_MS,
    participants: 1,
    audioStreams: 1,
    inPhoneCall: false,
    scribeActive: false,
  };
  it('stops a free lone stream at 100000 ms, not before', () => {
    expect(AUTO_STOP_AFTER_MS).toBe(100_000);
    expect(autoStopDue(due)).toBe(true);
    expect(autoStopDue({ ...due, recordingMs: 99_999 })).toBe(false);
  });
  it.each([
    ['a paid user', { freeOrLite: false }],
    ['a second stream', { audioStreams: 2 }],
    ['a second participant (a guest who only reads)', { participants: 2 }],
    ['a phone call', { inPhoneCall: true }],
    ['a Scribe', { scribeActive: true }],
  ])('never with %s', (_name, change) => {
    expect(autoStopDue({ ...due, ...change })).toBe(false);
    expect(autoStopApplies({ ...due, ...change })).toBe(false);
  });
  it('counts people, not their devices nor their microphones', () => {
    // The host's phone on the table and their laptop are one participant; a reading guest is another.
    expect(participantsIn([{ avaId: 'host' }, { avaId: 'host' }])).toBe(1);
    expect(participantsIn([{ avaId: 'host' }, { avaId: 'host' }, { avaId: 'guest' }])).toBe(2);
    expect(participantsIn([])).toBe(0);
  });
  it.each([
    [undefined, true],
    [{ ongoingSubscription: 'Free' }, true],
    [{ ongoingSubscription: 'Pro', ongoingSubscriptionSubtype: 'Lite' }, true],
    [{ ongoingSubscription: 'Pro' }, false],
    [{ ongoingSubscription: 'Freedom' }, false],
  ])('plan %j is free or Lite: %s', (subscription, expected) => {
    expect(isFreeOrLite(subscription as never)).toBe(expected);
  });
});
