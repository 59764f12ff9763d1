import { describe, expect, it, vi } from 'vitest';
import { AudioCaptureError, type CaptureEvent } from '../../../../../src/renderer/features/audio/capture';
import {
  type DesktopCaptureNotice,
  desktopAudioCapture,
  mixedForDevice,
  withComputerAudio,
} from '../../../../../src/renderer/features/desktop/desktop-capture';
import { int16ToLittleEndianBytes } from '../../../../../src/shared/audio';
import type { AudioSource } from '../../../../../src/shared/desktop';
import { SCREEN_CAPTURE_ERROR_STOP_MS } from '../../../../../src/shared/desktop';
import { FakeAudio, FakeCaptureSession } from '../../../../helpers/saga-harness';
import { FakeBridge } from '../../../../helpers/desktop-fakes';

function setup(source: AudioSource, options: { getDisplayMedia?: () => Promise<MediaStream> } = {}) {
  const base = new FakeAudio();
  const bridge = new FakeBridge();
  const notices: DesktopCaptureNotice[] = [];
  const delays: number[] = [];
  let now = 1000;
  const streams: FakeCaptureSession[] = [];
  const capture = desktopAudioCapture({
    base,
    bridge,
    source: () => source,
    captureStream: async (open) => {
      await open();
      const s = new FakeCaptureSession();
      streams.push(s);
      return s;
    },
    ...(options.getDisplayMedia ? { getDisplayMedia: options.getDisplayMedia } : {}),
    notify: (n) => notices.push(n),
    now: () => now,
    delay: async (ms) => void delays.push(ms),
  });
  return { base, bridge, notices, delays, capture, streams, tick: (ms: number) => (now += ms) };
}

/** Resolves the base capture's pending start() calls with fake sessions, in order. */
async function resolveStarts(base: FakeAudio, sessions: FakeCaptureSession[]) {
  for (let i = 0; i < sessions.length; i++) {
    await vi.waitFor(() => expect(base.starts.length).toBeGreaterThan(i));
    base.starts[i]!.resolve(sessions[i]!);
  }
}

describe('desktop capture', () => {
  it('asks the platform for the microphone first, and says so when it is refused', async () => {
    const { base, bridge, capture, notices } = setup('microphone');
    bridge.answer('permissions:request', () => 'denied');
    await expect(capture.start({}, new AbortController().signal)).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    expect(bridge.invoked('permissions:request')).toEqual([{ kind: 'microphone' }]);
    expect(notices).toEqual([{ kind: 'microphoneDenied' }]);
    expect(base.starts).toHaveLength(0);
  });

  it('records the chosen microphone when the source is the microphone', async () => {
    const { base, capture } = setup('microphone');
    const mic = new FakeCaptureSession();
    const started = capture.start({ deviceId: 'mic-1' }, new AbortController().signal);
    await resolveStarts(base, [mic]);
    const session = await started;
    expect(base.starts[0]!.options).toEqual({ deviceId: 'mic-1' });
    const got: CaptureEvent[] = [];
    session.subscribe((e) => got.push(e));
    mic.chunk(Int16Array.from([5]));
    expect(got).toEqual([{ kind: 'chunk', samples: Int16Array.from([5]) }]);
  });

  it('listens to the product virtual speaker when it is installed', async () => {
    const { base, bridge, capture } = setup('internal');
    base.devices = [
      {
        id: 'mic',
        label: 'Built-in Microphone',
        name: 'Built-in Microphone',
        default: true,
        isInternal: false,
        isBluetooth: false,
      },
      {
        id: 'vs',
        label: 'Hearken Virtual Speaker',
        name: 'Hearken Virtual Speaker',
        default: false,
        isInternal: false,
        isBluetooth: false,
      },
    ];
    const started = capture.start({}, new AbortController().signal);
    await resolveStarts(base, [new FakeCaptureSession()]);
    await started;
    expect(base.starts[0]!.options).toEqual({ deviceId: 'vs' });
    expect(bridge.invoked('systemAudio:plan')).toEqual([]);
  });

  it('records the Linux monitor source through main, chunk by chunk, and stops it', async () => {
    const { bridge, capture, tick } = setup('internal');
    bridge.answer('systemAudio:plan', () => ({ kind: 'pulseMonitor', source: 'sink.monitor' }));
    bridge.answer('systemAudio:start', () => ({ ok: true }));
    const session = await capture.start({}, new AbortController().signal);
    expect(bridge.invoked('systemAudio:start')).toEqual([{ source: 'sink.monitor' }]);
    const got: CaptureEvent[] = [];
    session.subscribe((e) => got.push(e));
    tick(500);
    bridge.emit('systemAudio:chunk', int16ToLittleEndianBytes(Int16Array.from([1, -2, 3])));
    expect(got).toEqual([{ kind: 'chunk', samples: Int16Array.from([1, -2, 3]) }]);
    expect(capture.lastChunkAtMs()).toBe(1500);
    await session.stop();
    expect(bridge.invoked('systemAudio:stop')).toHaveLength(1);
    expect(bridge.listenerCount('systemAudio:chunk')).toBe(0);
  });

  it('sends macOS without a virtual speaker to the quick setup', async () => {
    const { bridge, capture, notices } = setup('internal');
    bridge.answer('systemAudio:plan', () => ({ kind: 'unavailable', reason: 'macosNeedsSetup' }));
    await expect(capture.start({}, new AbortController().signal)).rejects.toMatchObject({
      code: 'NO_SCREEN_SHARE',
    });
    expect(notices).toEqual([{ kind: 'internalAudioUnavailable', reason: 'macosNeedsSetup' }]);
  });

  it('on a screen-capture permission error, stops capture after 250 ms and says so', async () => {
    const denied = Object.assign(new Error('Permission denied by system'), { name: 'NotAllowedError' });
    const { base, bridge, capture, notices, delays } = setup('microphoneAndInternal', {
      getDisplayMedia: () => Promise.reject(denied),
    });
    bridge.answer('systemAudio:plan', () => ({ kind: 'loopback' }));
    const mic = new FakeCaptureSession();
    const started = capture.start({}, new AbortController().signal);
    await resolveStarts(base, [mic]);
    const error = await started.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AudioCaptureError);
    expect((error as AudioCaptureError).code).toBe('NO_SCREEN_SHARE');
    expect(notices).toEqual([{ kind: 'screenCaptureDenied' }]);
    expect(delays).toEqual([SCREEN_CAPTURE_ERROR_STOP_MS]);
    // The microphone it had opened is released.
    expect(mic.stopped).toBe(true);
  });

  it('takes the loopback audio of display media on Windows, dropping the video track', async () => {
    const video = { stop: vi.fn() };
    const stream = {
      getVideoTracks: () => [video],
      getAudioTracks: () => [{}],
      removeTrack: vi.fn(),
    } as unknown as MediaStream;
    const getDisplayMedia = vi.fn(async () => stream);
    const { bridge, capture, streams } = setup('internal', { getDisplayMedia });
    bridge.answer('systemAudio:plan', () => ({ kind: 'loopback' }));
    await capture.start({}, new AbortController().signal);
    expect(getDisplayMedia).toHaveBeenCalledWith({ audio: true, video: true });
    expect(video.stop).toHaveBeenCalled();
    expect(streams).toHaveLength(1);
  });

  it('keeps the microphone and the computer audio apart: two streams, stopped together', async () => {
    const { base, bridge, capture, tick } = setup('microphoneAndInternal');
    bridge.answer('systemAudio:plan', () => ({ kind: 'pulseMonitor', source: 's.monitor' }));
    bridge.answer('systemAudio:start', () => ({ ok: true }));
    const mic = new FakeCaptureSession();
    const started = capture.start({}, new AbortController().signal);
    await resolveStarts(base, [mic]);
    const session = await started;
    expect(session.hears).toBeUndefined();
    const fromMic: CaptureEvent[] = [];
    const fromComputer: CaptureEvent[] = [];
    session.subscribe((e) => fromMic.push(e));
    session.computerAudio!.subscribe((e) => fromComputer.push(e));
    mic.chunk(Int16Array.from([100, 200]));
    tick(700);
    bridge.emit('systemAudio:chunk', int16ToLittleEndianBytes(Int16Array.from([1, 2])));
    // Nothing of one reaches the other: no mixing.
    expect(fromMic).toEqual([{ kind: 'chunk', samples: Int16Array.from([100, 200]) }]);
    expect(fromComputer).toEqual([{ kind: 'chunk', samples: Int16Array.from([1, 2]) }]);
    // A chunk of either counts as audio arriving.
    expect(capture.lastChunkAtMs()).toBe(1700);
    await session.stop();
    expect(mic.stopped).toBe(true);
    expect(bridge.invoked('systemAudio:stop')).toHaveLength(1);
  });

  it('marks the computer audio alone as such, so it is not sent as the person speaking', async () => {
    const { bridge, capture } = setup('internal');
    bridge.answer('systemAudio:plan', () => ({ kind: 'pulseMonitor', source: 's.monitor' }));
    bridge.answer('systemAudio:start', () => ({ ok: true }));
    const session = await capture.start({}, new AbortController().signal);
    expect(session.hears).toBe('computer-audio');
    expect(session.computerAudio).toBeUndefined();
  });
});

describe('captions on the device only', () => {
  it('mixes the two streams there (one speech session), and stops both', async () => {
    const mic = new FakeCaptureSession();
    const computer = new FakeCaptureSession();
    const mixed = mixedForDevice(withComputerAudio(mic, computer));
    const got: CaptureEvent[] = [];
    mixed.subscribe((e) => got.push(e));
    mic.chunk(Int16Array.from([100, 200]));
    computer.chunk(Int16Array.from([1, 2]));
    expect(got).toEqual([{ kind: 'chunk', samples: Int16Array.from([101, 202]) }]);
    computer.end();
    expect(got.at(-1)).toEqual({ kind: 'ended' });
    await mixed.stop();
    expect([mic.stopped, computer.stopped]).toEqual([true, true]);
  });

  it('leaves a single stream as it is', () => {
    const mic = new FakeCaptureSession();
    expect(mixedForDevice(mic)).toBe(mic);
  });
});
