/**
 * Audio capture in the desktop app: the microphone, the computer's audio ("internal audio"), or
 * both mixed, as the user chose (tray or preferences). Internal audio comes from, in order:
 * 1. the product's virtual speaker, an input like a microphone, where it is installed;
 * 2. Windows: display media with loopback audio (main answers getDisplayMedia with it);
 * 3. Linux: the PulseAudio/PipeWire monitor of the default output, recorded by main with parec
 *    and sent here in 60 ms chunks;
 * macOS without the virtual speaker: the quick-setup screen explains what to install.
 * The result is one CaptureSession: for "both", the microphone's, carrying the computer's sound
 * beside it as `computerAudio`, a stream of its own that the recording saga sends on a second
 * connection under its own label (issue 11: never one mixed stream in the room).
 */
import {
  SCREEN_CAPTURE_ERROR_STOP_MS,
  type AudioSource,
  isVirtualSpeaker,
  usesInternalAudio,
  usesMicrophone,
} from '../../../shared/desktop';
import type { DesktopBridge, SystemAudioPlan } from '../../../shared/ipc';
import { littleEndianBytesToInt16 } from '../../../shared/audio';
import {
  AudioCaptureError,
  type AudioCaptureService,
  type CaptureEvent,
  type CaptureOptions,
  type CaptureSession,
} from '../audio/capture';
import { CaptureEvents } from '../audio/capture-events';
import { ChunkMixer } from './mixer';

/** What the desktop saga hears from capture that the audio error catalogue cannot say. */
export type DesktopCaptureNotice =
  | { kind: 'internalAudioUnavailable'; reason: Extract<SystemAudioPlan, { kind: 'unavailable' }>['reason'] }
  | { kind: 'screenCaptureDenied' }
  | { kind: 'microphoneDenied' }
  | { kind: 'systemAudioEnded'; message: string };

export interface DesktopCaptureOptions {
  base: AudioCaptureService;
  bridge: DesktopBridge;
  source: () => AudioSource;
  /** Runs the capture pipeline on a stream (browserCapture's captureStream). */
  captureStream(open: () => Promise<MediaStream>, signal: AbortSignal): Promise<CaptureSession>;
  /** navigator.mediaDevices.getDisplayMedia. */
  getDisplayMedia?: (constraints: DisplayMediaStreamOptions) => Promise<MediaStream>;
  notify(notice: DesktopCaptureNotice): void;
  now: () => number;
  delay: (ms: number) => Promise<void>;
}

export interface DesktopAudioCapture extends AudioCaptureService {
  /** When the last chunk arrived (audio status: no volume for 5 s stops audio). */
  lastChunkAtMs(): number | undefined;
}

/** The microphone's session carrying the computer's sound beside it; stopping it stops both. */
export function withComputerAudio(microphone: CaptureSession, computerAudio: CaptureSession): CaptureSession {
  return {
    contextRateHz: microphone.contextRateHz,
    subscribe: (listener) => microphone.subscribe(listener),
    computerAudio,
    async stop() {
      await Promise.all([microphone.stop(), computerAudio.stop()]);
    },
  };
}

/**
 * For captions on the device only (no server, offline-captions.ts): its one speech session
 * cannot keep two streams apart, so there the two are still mixed, chunk by chunk with
 * saturation; ends when either ends. Anything sent to a room keeps them apart.
 */
export function mixedForDevice(session: CaptureSession): CaptureSession {
  const computerAudio = session.computerAudio;
  if (!computerAudio) return session;
  const sources = [session, computerAudio];
  return {
    contextRateHz: session.contextRateHz,
    subscribe(listener) {
      const mixer = new ChunkMixer(sources.length);
      const unsubscribes = sources.map((source, index) =>
        source.subscribe((event) => {
          if (event.kind === 'ended') listener(event);
          else for (const samples of mixer.push(index, event.samples)) listener({ kind: 'chunk', samples });
        }),
      );
      return () => unsubscribes.forEach((u) => u());
    },
    stop: () => session.stop(),
  };
}

/** A session fed by main (the Linux monitor source): 60 ms chunks of little-endian Int16 over IPC. */
async function monitorSession(
  bridge: DesktopBridge,
  source: string,
  notify: (n: DesktopCaptureNotice) => void,
): Promise<CaptureSession> {
  const events = new CaptureEvents();
  const emit = (event: CaptureEvent) => events.emit(event);
  const offChunk = bridge.on('systemAudio:chunk', (bytes) => {
    const samples = littleEndianBytesToInt16(bytes);
    if (samples) emit({ kind: 'chunk', samples });
  });
  const offEnded = bridge.on('systemAudio:ended', ({ message }) => {
    notify({ kind: 'systemAudioEnded', message });
    emit({ kind: 'ended' });
  });
  const started = await bridge.invoke('systemAudio:start', { source });
  if (!started.ok) {
    offChunk();
    offEnded();
    throw new AudioCaptureError('GENERIC', new Error(started.message));
  }
  return {
    contextRateHz: 16_000,
    subscribe: (listener) => events.subscribe(listener),
    async stop() {
      events.clear();
      offChunk();
      offEnded();
      await bridge.invoke('systemAudio:stop', null);
    },
  };
}

/** The same session, calling `onChunk` for each chunk a subscriber receives. */
function tapChunks(session: CaptureSession, onChunk: () => void): CaptureSession {
  return {
    contextRateHz: session.contextRateHz,
    subscribe: (listener) =>
      session.subscribe((event) => {
        if (event.kind === 'chunk') onChunk();
        listener(event);
      }),
    stop: () => session.stop(),
  };
}

function isPermissionError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError';
}

export function desktopAudioCapture(o: DesktopCaptureOptions): DesktopAudioCapture {
  let lastChunkAt: number | undefined;

  async function startLoopback(signal: AbortSignal): Promise<CaptureSession> {
    const getDisplayMedia = o.getDisplayMedia;
    if (!getDisplayMedia) throw new AudioCaptureError('NO_SCREEN_SHARE');
    return o.captureStream(async () => {
      // Chromium needs a video track for display media; it is stopped at once, only the audio is kept.
      const stream = await getDisplayMedia({ audio: true, video: true });
      for (const track of stream.getVideoTracks()) {
        track.stop();
        stream.removeTrack(track);
      }
      if (stream.getAudioTracks().length === 0) throw new AudioCaptureError('NO_AUDIO_TRACKS');
      return stream;
    }, signal);
  }

  async function startInternal(signal: AbortSignal): Promise<CaptureSession> {
    const inputs = await o.base.listInputs().catch(() => []);
    const virtual = inputs.find((d) => isVirtualSpeaker(d.label));
    if (virtual) return o.base.start({ deviceId: virtual.id }, signal);
    const plan = await o.bridge.invoke('systemAudio:plan', null);
    switch (plan.kind) {
      case 'loopback':
        return startLoopback(signal);
      case 'pulseMonitor':
        return monitorSession(o.bridge, plan.source, o.notify);
      case 'unavailable':
        o.notify({ kind: 'internalAudioUnavailable', reason: plan.reason });
        throw new AudioCaptureError('NO_SCREEN_SHARE');
    }
  }

  async function start(options: CaptureOptions, signal: AbortSignal): Promise<CaptureSession> {
    const source = o.source();
    // The platform's own permission first (macOS asks once; Windows has a privacy switch): a
    // refusal there makes getUserMedia fail without saying why.
    const microphone = await o.bridge
      .invoke('permissions:request', { kind: 'microphone' })
      .catch(() => 'unknown');
    if (microphone === 'denied' || microphone === 'restricted') {
      o.notify({ kind: 'microphoneDenied' });
      throw new AudioCaptureError('PERMISSION_DENIED');
    }
    const sessions: CaptureSession[] = [];
    try {
      if (usesMicrophone(source)) sessions.push(await o.base.start(options, signal));
      if (usesInternalAudio(source)) {
        try {
          sessions.push(await startInternal(signal));
        } catch (error) {
          if (isPermissionError(error)) {
            // Spec: a screen-capture permission error stops capture after 250 ms, with an error shown.
            o.notify({ kind: 'screenCaptureDenied' });
            await o.delay(SCREEN_CAPTURE_ERROR_STOP_MS);
            throw new AudioCaptureError('NO_SCREEN_SHARE', error);
          }
          throw error;
        }
      }
    } catch (error) {
      await Promise.all(sessions.map((s) => s.stop().catch(() => undefined)));
      throw error;
    }
    // Either stream's chunks count as audio arriving (the audio status's "volume received").
    const [first, second] = sessions.map((session) => tapChunks(session, () => (lastChunkAt = o.now())));
    lastChunkAt = o.now();
    if (second) return withComputerAudio(first!, second);
    // The computer's sound alone is not the person speaking: it goes under its own label too.
    return usesMicrophone(source) ? first! : { ...first!, hears: 'computer-audio' };
  }

  return {
    listInputs: () => o.base.listInputs(),
    onDeviceChange: (listener) => o.base.onDeviceChange(listener),
    start,
    lastChunkAtMs: () => lastChunkAt,
  };
}
