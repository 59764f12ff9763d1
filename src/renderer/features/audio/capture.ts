/**
 * The seam between the recording saga and the browser's audio APIs. The saga sees an
 * `AudioCaptureService`; the browser build gives it `browserAudioCapture` (browserCapture.ts),
 * unit tests a fake.
 */
import type { AudioDevice } from '../../../shared/entities';
import { type AudioError, classifyAudioError } from '../../../shared/errors';

export type CaptureEvent =
  /** 60 ms of 16 kHz mono audio. */
  | { kind: 'chunk'; samples: Int16Array }
  /** The microphone track ended (unplugged, permission revoked). */
  | { kind: 'ended' };

export interface CaptureSession {
  /** The rate the audio context runs at; 16000 unless the browser refused it. */
  readonly contextRateHz: number;
  subscribe(listener: (event: CaptureEvent) => void): () => void;
  /** Stops this stream and `computerAudio` with it. */
  stop(): Promise<void>;
  /**
   * The computer's sound, captured with the microphone (the desktop's "both"): its own stream,
   * sent on a connection of its own under its own label, never mixed into the microphone's
   * (desktop/sagas/computer-audio.ts). Ends when this session stops.
   */
  readonly computerAudio?: CaptureSession;
  /** Set when this stream is the computer's sound, not a microphone: sent under its own label. */
  readonly hears?: 'computer-audio';
  /** The live microphone track, for WebRTC audio (which sends it as Opus); absent in fakes. */
  readonly track?: MediaStreamTrack;
}

export interface CaptureOptions {
  /** An audioinput deviceId, or undefined for the system's default microphone. */
  deviceId?: string;
}

export interface AudioCaptureService {
  listInputs(): Promise<AudioDevice[]>;
  onDeviceChange(listener: () => void): () => void;
  /**
   * Resolves once the track is live and the worklet runs. If `signal` aborts first, whatever
   * was opened is closed and the promise rejects.
   */
  start(options: CaptureOptions, signal: AbortSignal): Promise<CaptureSession>;
  /**
   * The microphone permission's state before asking ('prompt': the browser will ask the person),
   * undefined where the browser does not say (for the spec's Microphone Permission Prompted).
   */
  permissionState?(): Promise<'granted' | 'denied' | 'prompt' | undefined>;
}

/** A failure that already knows its place in the spec's audio error catalogue. */
export class AudioCaptureError extends Error {
  constructor(
    readonly code: AudioError,
    cause?: unknown,
  ) {
    super(`${code}${cause instanceof Error ? `: ${cause.message}` : ''}`, { cause });
    this.name = 'AudioCaptureError';
  }
}

export function audioErrorOf(error: unknown): AudioError {
  return error instanceof AudioCaptureError ? error.code : classifyAudioError(error);
}

const BLUETOOTH_RE = /bluetooth|airpods|\bbt\b|hands-?free|headset/i;

/** Audio inputs as the spec's Audio device entity. Entries without an id (no permission yet) are left out. */
export function toAudioDevices(
  infos: readonly Pick<MediaDeviceInfo, 'deviceId' | 'kind' | 'label' | 'groupId'>[],
): AudioDevice[] {
  return infos
    .filter((info) => info.kind === 'audioinput' && info.deviceId !== '')
    .map((info) => ({
      id: info.deviceId,
      label: info.label,
      name: info.label,
      default: info.deviceId === 'default',
      isInternal: false,
      isBluetooth: BLUETOOTH_RE.test(info.label),
    }));
}

/** The device to open: the chosen one if it is still there, else the system default. */
export function resolveMicId(
  devices: readonly AudioDevice[],
  selectedId: string | undefined,
): string | undefined {
  if (!selectedId) return undefined;
  return devices.some((d) => d.id === selectedId) || devices.length === 0 ? selectedId : undefined;
}
