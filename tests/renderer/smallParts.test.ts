import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_ERROR_HIDE_MS, SNACKBAR_HIDE_MS } from '../../src/shared/constants';
import { apiError } from '../../src/shared/api';
import {
  resolveMicId,
  toAudioDevices,
  audioErrorOf,
  AudioCaptureError,
} from '../../src/renderer/features/audio/capture';
import { nextVolume } from '../../src/renderer/features/audio/volume';
import { absoluteLink } from '../../src/renderer/features/invite/links';
import { notificationsSaga } from '../../src/renderer/features/notifications/sagas';
import { notificationsActions } from '../../src/renderer/features/notifications/slice';
import { socketUrlFor } from '../../src/renderer/features/socket/connection';
import { handshakeProblem } from '../../src/renderer/features/socket/handshake';
import { reconnectDelayMs } from '../../src/renderer/features/socket/reconnect';
import { conversationPath, isReadonlyParam, transcriptPath } from '../../src/shared/routes';
import { fetchHttpClient } from '../../src/renderer/lib/http';
import { run } from './harness';

describe('socket helpers', () => {
  it('builds the socket URL from the page origin', () => {
    expect(socketUrlFor({ protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(socketUrlFor({ protocol: 'https:', host: 'hearken.example' })).toBe('wss://hearken.example/ws');
  });

  it('accepts the spec’s order and names anything else', () => {
    expect(handshakeProblem(0, 'connection-succeeded')).toBeUndefined();
    expect(handshakeProblem(1, 'room-status')).toBeUndefined();
    expect(handshakeProblem(2, 'transcripts')).toBeUndefined();
    expect(handshakeProblem(0, 'error')).toMatch(/first message/);
    expect(handshakeProblem(1, 'transcript')).toMatch(/second message/);
  });

  it('spaces attempts by at least RECONNECT_MIN_INTERVAL_MS', () => {
    expect(reconnectDelayMs(undefined, 10_000)).toBe(0);
    expect(reconnectDelayMs(10_000, 11_000)).toBe(4000);
    expect(reconnectDelayMs(10_000, 15_000)).toBe(0);
    expect(reconnectDelayMs(10_000, 60_000)).toBe(0);
  });
});

describe('audio helpers', () => {
  const info = (deviceId: string, label: string, kind: MediaDeviceKind = 'audioinput') => ({
    deviceId,
    label,
    kind,
    groupId: 'g',
  });

  it('lists audio inputs only, and leaves out entries without an id', () => {
    const devices = toAudioDevices([
      info('default', 'Default - USB Mic'),
      info('abc', 'AirPods Pro (Bluetooth)'),
      info('cam', 'Camera', 'videoinput'),
      info('out', 'Speakers', 'audiooutput'),
      info('', ''),
    ]);
    expect(devices.map((d) => d.id)).toEqual(['default', 'abc']);
    expect(devices[0]).toMatchObject({ default: true, isBluetooth: false });
    expect(devices[1]).toMatchObject({ default: false, isBluetooth: true });
  });

  it('opens the chosen microphone if it is still there, else the default', () => {
    const devices = toAudioDevices([info('a', 'A'), info('b', 'B')]);
    expect(resolveMicId(devices, 'b')).toBe('b');
    expect(resolveMicId(devices, 'gone')).toBeUndefined();
    expect(resolveMicId(devices, undefined)).toBeUndefined();
    expect(resolveMicId([], 'b')).toBe('b');
  });

  it('maps capture failures to the spec’s catalogue', () => {
    expect(audioErrorOf(new AudioCaptureError('NO_AUDIO_TRACKS'))).toBe('NO_AUDIO_TRACKS');
    expect(audioErrorOf(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe('NO_AUDIO_INPUTS');
    expect(audioErrorOf(new Error('Permission dismissed'))).toBe('PERMISSION_DISMISSED');
    expect(audioErrorOf(new Error('something odd'))).toBe('GENERIC');
  });

  it('moves the meter only by at least the change threshold', () => {
    expect(nextVolume(10, 10.4)).toBeUndefined();
    expect(nextVolume(10, 11)).toBe(11);
    expect(nextVolume(10, 0)).toBe(0);
    expect(nextVolume(0, 250)).toBe(100);
  });
});

describe('routes and links', () => {
  it('builds the spec’s paths', () => {
    expect(conversationPath('me_1')).toBe('/web/conversations/me_1');
    expect(conversationPath('me_1', true)).toBe('/web/conversations/me_1?readonly=true');
    expect(transcriptPath('a b')).toBe('/web/transcript?roomId=a%20b');
    expect(isReadonlyParam('true')).toBe(true);
    expect(isReadonlyParam('1')).toBe(false);
    expect(isReadonlyParam(null)).toBe(false);
  });

  it('makes a relative invite link absolute for the QR code', () => {
    expect(absoluteLink('/web/conversations?token=x', 'https://h.example')).toBe(
      'https://h.example/web/conversations?token=x',
    );
    expect(absoluteLink('https://other.example/j?token=y', 'https://h.example')).toBe(
      'https://other.example/j?token=y',
    );
  });
});

describe('http client', () => {
  const respond = (status: number, body: unknown) =>
    (async () =>
      new Response(body === undefined ? null : JSON.stringify(body), { status })) as unknown as typeof fetch;

  it('returns the body of a success', async () => {
    const http = fetchHttpClient(respond(200, { roomId: 'r' }));
    expect(await http.get('/x')).toEqual({ ok: true, status: 200, data: { roomId: 'r' } });
  });

  it('takes the message of a failure from the body, as the shared rule says', async () => {
    const http = fetchHttpClient(respond(404, apiError('room-name-unknown', 'No room is called blue-sky')));
    expect(await http.get('/x')).toEqual({
      ok: false,
      status: 404,
      message: 'No room is called blue-sky',
      code: 'room-name-unknown',
    });
    const legacy = fetchHttpClient(respond(400, { msg: 'Bad name' }));
    expect(await legacy.post('/x', {})).toEqual({ ok: false, status: 400, message: 'Bad name' });
  });

  it("keeps a body's numeric custom code (104: no profile yet)", async () => {
    const http = fetchHttpClient(respond(400, apiError(104, 'No profile for this account yet')));
    expect(await http.patch('/api/v1/users/me', {})).toEqual({
      ok: false,
      status: 400,
      message: 'No profile for this account yet',
      code: 104,
    });
  });

  it('sends to the chosen backend, with the headers given', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const http = fetchHttpClient(
      (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response('{}', { status: 200 });
      }) as unknown as typeof fetch,
      'https://api.hearken.app',
    );
    await http.patch('/api/v1/users/me', { a: 1 }, { headers: { Authorization: 'Basic x' } });
    expect(seen[0]!.url).toBe('https://api.hearken.app/api/v1/users/me');
    expect(seen[0]!.init.method).toBe('PATCH');
    expect(seen[0]!.init.body).toBe('{"a":1}');
    expect(seen[0]!.init.headers).toMatchObject({
      Authorization: 'Basic x',
      'Content-Type': 'application/json',
    });
  });

  it('reports a network failure with status 0', async () => {
    const http = fetchHttpClient((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    expect(await http.get('/x')).toEqual({ ok: false, status: 0, message: 'Failed to fetch' });
  });
});

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most three, hides them after 5 s (errors after 10 s)', async () => {
    const app = run(notificationsSaga, []);
    app.dispatch(notificationsActions.notify({ intent: 'danger', key: 'conversation.endFailed' }));
    for (const key of ['invite.copied', 'audio.trackEnded', 'audio.needsConnection'] as const) {
      app.dispatch(notificationsActions.notify({ intent: 'primary', key }));
    }
    expect(app.state.notifications.items.map((n) => n.key)).toEqual([
      'invite.copied',
      'audio.trackEnded',
      'audio.needsConnection',
    ]);
    await vi.advanceTimersByTimeAsync(SNACKBAR_HIDE_MS);
    expect(app.state.notifications.items).toEqual([]);
    app.dispatch(notificationsActions.notify({ intent: 'danger', key: 'conversation.endFailed' }));
    await vi.advanceTimersByTimeAsync(SNACKBAR_HIDE_MS);
    expect(app.state.notifications.items).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SNACKBAR_ERROR_HIDE_MS - SNACKBAR_HIDE_MS);
    expect(app.state.notifications.items).toEqual([]);
    app.task.cancel();
  });

  it('shows the same message once', () => {
    const app = run(notificationsSaga, []);
    app.dispatch(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
    app.dispatch(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
    expect(app.state.notifications.items).toHaveLength(1);
    app.task.cancel();
  });
});
