import { describe, expect, it } from 'vitest';
import {
  BOT_ERROR_TEXTS,
  BotStatusMachine,
  type BotView,
  CAPTIONING_AFTER_CONNECTED_MS,
  CONNECTING_TO_AUDIO_AFTER_WAITING_MS,
  botIsActive,
  checkMeetingUrl,
  isBotErrorKey,
  meetingSpeakerName,
} from '../../../src/shared/meeting-bot';
import { FakeTimers } from '../../helpers/fake-timers';

function machine() {
  const clock = new FakeTimers();
  const seen: BotView[] = [];
  const bot = new BotStatusMachine(clock, (v) => seen.push(v));
  return { clock, seen, bot };
}

describe('BotStatusMachine: the spec’s statuses and timings', () => {
  it('goes loading, waiting for host, then connecting to audio 5 s after the waiting room', () => {
    const { clock, seen, bot } = machine();
    bot.requested();
    bot.code('joining_call');
    bot.code('in_waiting_room');
    expect(bot.current).toEqual({ status: 'WAITING_FOR_HOST' });
    clock.advanceTo(CONNECTING_TO_AUDIO_AFTER_WAITING_MS - 1);
    expect(bot.current.status).toBe('WAITING_FOR_HOST');
    clock.advanceTo(CONNECTING_TO_AUDIO_AFTER_WAITING_MS);
    expect(bot.current.status).toBe('CONNECTING_TO_AUDIO');
    expect(seen.map((v) => v.status)).toEqual([
      'LOADING',
      'LOADING',
      'WAITING_FOR_HOST',
      'CONNECTING_TO_AUDIO',
    ]);
  });

  it('shows captioning 1.5 s after connected, and a later recording code does not restart the wait', () => {
    const { clock, bot } = machine();
    bot.code('in_call_not_recording');
    expect(bot.current.status).toBe('CONNECTED');
    clock.advanceTo(1000);
    bot.code('in_call_recording');
    clock.advanceTo(CAPTIONING_AFTER_CONNECTED_MS - 1);
    expect(bot.current.status).toBe('CONNECTED');
    clock.advanceTo(CAPTIONING_AFTER_CONNECTED_MS);
    expect(bot.current.status).toBe('CAPTIONING');
  });

  it('admitted before 5 s: connecting to audio never shows', () => {
    const { clock, seen, bot } = machine();
    bot.code('in_waiting_room');
    clock.advanceTo(2000);
    bot.code('in_call_recording');
    clock.advanceTo(20_000);
    expect(seen.map((v) => v.status)).toEqual(['WAITING_FOR_HOST', 'CONNECTED', 'CAPTIONING']);
  });

  it('a refused recording permission is an error, the spec’s default key unless the sub code says more', () => {
    const a = machine();
    a.bot.code('recording_permission_denied');
    expect(a.bot.current).toEqual({ status: 'ERROR', error: 'zoom_local_recording_request_denied_by_host' });
    const b = machine();
    b.bot.code('recording_permission_denied', 'meeting_locked');
    expect(b.bot.current).toEqual({ status: 'ERROR', error: 'meeting_locked' });
  });

  it('fatal maps its sub code to the error key, unknown ones to bot_errored', () => {
    const a = machine();
    a.bot.code('fatal', 'meeting_not_found');
    expect(a.bot.current).toEqual({ status: 'ERROR', error: 'meeting_not_found' });
    const b = machine();
    b.bot.code('fatal', 'something_new');
    expect(b.bot.current).toEqual({ status: 'ERROR', error: 'bot_errored' });
    // The bot is then done: the error stays on screen.
    b.bot.code('done');
    expect(b.bot.current).toEqual({ status: 'ERROR', error: 'bot_errored' });
  });

  it('call ended: disconnect, with the reason unless the bot was simply asked to leave', () => {
    const a = machine();
    a.bot.code('in_call_recording');
    a.bot.code('call_ended', 'call_ended_by_host');
    expect(a.bot.current).toEqual({ status: 'DISCONNECT', error: 'call_ended_by_host' });
    a.bot.code('done');
    expect(a.bot.current).toEqual({ status: 'DISCONNECT', error: 'call_ended_by_host' });
    const b = machine();
    b.bot.code('call_ended', 'bot_received_leave_call');
    expect(b.bot.current).toEqual({ status: 'DISCONNECT' });
    b.bot.code('done');
    expect(b.bot.current).toEqual({ status: 'NOT_CONNECTED' });
  });

  it('an end while waiting cancels the delayed step', () => {
    const { clock, bot } = machine();
    bot.code('in_call_not_recording');
    bot.ended();
    clock.advanceTo(10_000);
    expect(bot.current).toEqual({ status: 'DISCONNECT' });
    expect(clock.scheduled).toBe(0);
  });

  it('active statuses are the ones where a bot is in or on its way to the meeting', () => {
    expect(botIsActive('LOADING')).toBe(true);
    expect(botIsActive('CAPTIONING')).toBe(true);
    expect(botIsActive('ERROR')).toBe(false);
    expect(botIsActive('NOT_CONNECTED')).toBe(false);
  });
});

describe('every error key has its text', () => {
  const spec = [
    'ava_bot_requested_already',
    'bot_errored',
    'bot_kicked_from_call',
    'bot_kicked_from_waiting_room',
    'bot_received_leave_call',
    'call_ended_by_host',
    'call_ended_by_platform_idle',
    'call_ended_by_platform_max_length',
    'call_ended_by_platform_waiting_room_timeout',
    'meeting_ended',
    'meeting_full',
    'meeting_link_expired',
    'meeting_locked',
    'meeting_not_found',
    'meeting_not_started',
    'meeting_password_incorrect',
    'meeting_requires_sign_in',
  ];
  it.each(spec)('%s', (key) => {
    expect(isBotErrorKey(key)).toBe(true);
    expect(BOT_ERROR_TEXTS[key as keyof typeof BOT_ERROR_TEXTS].length).toBeGreaterThan(10);
  });
  it('has the Google Meet sign-in, timeout and Zoom families (7, 4 and 12 keys)', () => {
    const keys = Object.keys(BOT_ERROR_TEXTS);
    expect(keys.filter((k) => k.startsWith('google_meet_'))).toHaveLength(7);
    expect(keys.filter((k) => k.startsWith('timeout_exceeded_'))).toHaveLength(4);
    expect(keys.filter((k) => k.startsWith('zoom_'))).toHaveLength(12);
    expect(new Set(Object.values(BOT_ERROR_TEXTS)).size).toBe(keys.length);
  });
});

describe('checkMeetingUrl', () => {
  it.each([
    ['https://zoom.us/j/1234567890?pwd=abc', 'zoom'],
    ['https://acme.zoom.us/j/1234567890', 'zoom'],
    ['https://zoomgov.us/j/1234567890', 'zoom'],
    ['https://meet.google.com/abc-defg-hij', 'google-meet'],
    ['  https://meet.google.com/abc-defg-hij  ', 'google-meet'],
    ['https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0?context=%7b%7d', 'teams'],
    ['https://teams.live.com/meet/9876543210', 'teams'],
    ['http://127.0.0.1:8808/test-meeting/room-1', 'test-meeting'],
  ])('accepts %s as %s', (url, platform) => {
    expect(checkMeetingUrl(url)).toMatchObject({ ok: true, platform });
  });

  it.each([
    '',
    'not a link',
    'javascript:alert(1)',
    'http://zoom.us/j/123',
    'https://zoom.us.evil.com/j/123',
    'https://evilzoom.us/j/123',
    'https://meet.google.com/',
    'https://meet.google.com/abc-defg-hij/extra',
    'https://user:pass@meet.google.com/abc-defg-hij',
    'https://teams.microsoft.com/',
    'http://169.254.169.254/test-meeting/x',
    'https://example.com/test-meeting/x',
    `https://zoom.us/j/${'1'.repeat(3000)}`,
  ])('refuses %s', (url) => {
    expect(checkMeetingUrl(url)).toEqual({ ok: false });
  });

  it('names the participant after the meeting', () => {
    expect(meetingSpeakerName('https://zoom.us/j/123456789', 'zoom')).toBe('Zoom meeting 123456789');
    expect(meetingSpeakerName('https://meet.google.com/abc-defg-hij', 'google-meet')).toBe(
      'Google Meet abc-defg-hij',
    );
    expect(meetingSpeakerName('https://teams.live.com/meet/98765', 'teams')).toBe('Teams meeting');
  });
});
