/**
 * The one channel map between the desktop app's main process and its renderers. The preload
 * exposes exactly these channels (nothing else reaches main), main checks every request
 * against the schema named here before acting on it, and the renderer's calls are typed by it.
 *
 * Two verbs, as in VS Code's channels: `invoke` (renderer asks, main answers) and `on` (main
 * tells renderers). Every invoke carries one request value (`null` when it needs none).
 */
import type { AudioStatus } from './audio-status';
import {
  AUDIO_SOURCES,
  CAPTION_MODES,
  DESKTOP_THEMES,
  THEME_VARIANTS,
  type AudioSource,
  type CaptionMode,
  type DesktopTheme,
} from './desktop';
import type { Transcript } from './entities';
import {
  type Infer,
  type Result,
  type Schema,
  boolean,
  number,
  object,
  oneOf,
  optional,
  string,
} from './schema';
import { KEYBOARD_MESSAGE_MAX_LENGTH, MAX_AUDIO_FRAME_BYTES } from './constants';

/** The global the preload defines in every renderer of the desktop app. */
export const BRIDGE_GLOBAL = 'hearkenDesktop';

export const INVOKE_CHANNELS = [
  'desktop:getConfig',
  'desktop:updatePreferences',
  'captions:command',
  'captions:reportState',
  'captions:typedReply',
  'window:ready',
  'window:moveBy',
  'window:interactive',
  'window:hide',
  'window:showMain',
  'auth:takeCustomToken',
  'auth:clearCustomToken',
  'permissions:request',
  'system:openSettings',
  'systemAudio:plan',
  'systemAudio:start',
  'systemAudio:stop',
  'offline:start',
  'offline:audio',
  'offline:stop',
] as const;
export type InvokeChannel = (typeof INVOKE_CHANNELS)[number];

export const EVENT_CHANNELS = [
  'desktop:configChanged',
  'captions:command',
  'captions:state',
  'captions:typedReply',
  'auth:customToken',
  'systemAudio:chunk',
  'systemAudio:ended',
  'offline:transcript',
  'offline:status',
  'app:expiryNotice',
  'app:navigate',
] as const;
export type EventChannel = (typeof EVENT_CHANNELS)[number];

/** Renderer-side choices the main process keeps (electron-store) and applies (windows, tray). */
export interface DesktopPreferences {
  captionMode: CaptionMode;
  audioSource: AudioSource;
  theme: DesktopTheme;
  /** Floating captions let clicks through to the window below. */
  clickThrough: boolean;
  /** Electron accelerator toggling captions from anywhere; '' for none. */
  globalShortcut: string;
  openAtLogin: boolean;
  /** The conversation server, e.g. http://127.0.0.1:8080. */
  serverUrl: string;
}

export interface DesktopConfig {
  preferences: DesktopPreferences;
  appVersion: string;
  platform: 'darwin' | 'win32' | 'linux';
  /** Why the last preferences update was partly refused (a shortcut another app holds...). */
  problem?: PreferencesProblem;
}

export type PreferencesProblem =
  'shortcut-invalid' | 'shortcut-taken' | 'server-url-invalid' | 'login-item-failed';

export type CaptionsAction = 'start' | 'stop' | 'toggle';

/** What the window that records tells main, which shows it in the tray and the caption windows. */
export interface CaptionsState {
  recording: 'NOT_RECORDING' | 'PENDING' | 'RECORDING';
  audioStatus: AudioStatus;
  roomId?: string;
  /** Captions are made on this device (no server). */
  offline: boolean;
}

export type PermissionKind = 'microphone' | 'screen';
export type PermissionStatus = 'granted' | 'denied' | 'restricted' | 'not-determined' | 'unknown';
export type SettingsPane = 'screenCapture' | 'microphone' | 'sound';

/** How this machine can capture what it plays (the product's virtual speaker is found by the renderer). */
export type SystemAudioPlan =
  /** Windows: display media with loopback audio. */
  | { kind: 'loopback' }
  /** Linux: the PulseAudio/PipeWire monitor of the default output, read by main. */
  | { kind: 'pulseMonitor'; source: string }
  | { kind: 'unavailable'; reason: 'macosNeedsSetup' | 'noMonitorSource' | 'unsupported' };

export type OfflineStartResult = { ok: true; engine: string } | { ok: false; message: string };

export type OfflineStatus =
  | { state: 'starting' }
  | { state: 'ready'; engine: string }
  | { state: 'failed'; message: string }
  | { state: 'stopped' };

/** Version expiry notice (counted in days). */
export type ExpiryNotice =
  | { kind: 'expiresSoon'; daysLeft: number; latestVersion: string }
  | { kind: 'expired'; latestVersion: string };

/** Raw bytes (audio), bounded. */
function bytes(max: number): Schema<Uint8Array> {
  return {
    describe: `bytes (at most ${max})`,
    json: { description: `bytes (at most ${max})` },
    optional: false,
    check(input: unknown, path = ''): Result<Uint8Array> {
      if (!(input instanceof Uint8Array)) return { ok: false, issue: { path, message: 'expected bytes' } };
      if (input.byteLength > max)
        return { ok: false, issue: { path, message: `must be at most ${max} bytes` } };
      return { ok: true, value: input };
    },
  };
}

/** No request value: `null` (or nothing at all). */
const none: Schema<null> = {
  describe: 'null',
  json: { type: 'null' },
  optional: false,
  check: (input: unknown, path = ''): Result<null> =>
    input === null || input === undefined
      ? { ok: true, value: null }
      : { ok: false, issue: { path, message: 'expected no value' } },
};

const themeSchema = object({
  name: oneOf(DESKTOP_THEMES),
  variant: oneOf(THEME_VARIANTS),
  bold: boolean(),
});

/** Requests from renderers: untrusted, so each is checked by main before it acts. */
export const INVOKE_REQUESTS = {
  'desktop:getConfig': none,
  'desktop:updatePreferences': object({
    captionMode: optional(oneOf(CAPTION_MODES)),
    audioSource: optional(oneOf(AUDIO_SOURCES)),
    theme: optional(themeSchema),
    clickThrough: optional(boolean()),
    globalShortcut: optional(string({ max: 100 })),
    openAtLogin: optional(boolean()),
    serverUrl: optional(string({ max: 2000 })),
    /** The app's interface language, which the tray follows ('' = the system's). */
    language: optional(oneOf(['', 'en', 'fr'] as const)),
  }),
  'captions:command': object({ action: oneOf(['start', 'stop', 'toggle'] as const) }),
  'captions:reportState': object({
    recording: oneOf(['NOT_RECORDING', 'PENDING', 'RECORDING'] as const),
    audioStatus: oneOf(['recording', 'pending', 'notRecording'] as const),
    roomId: optional(string({ min: 1, max: 200 })),
    offline: boolean(),
  }),
  /** A line typed in a caption window, for the recording window to send into the room. */
  'captions:typedReply': object({ text: string({ min: 1, max: KEYBOARD_MESSAGE_MAX_LENGTH }) }),
  'window:ready': none,
  'window:moveBy': object({
    dx: number({ min: -2000, max: 2000, integer: true }),
    dy: number({ min: -2000, max: 2000, integer: true }),
  }),
  'window:interactive': object({ interactive: boolean() }),
  'window:hide': none,
  'window:showMain': none,
  'auth:takeCustomToken': none,
  'auth:clearCustomToken': none,
  'permissions:request': object({ kind: oneOf(['microphone', 'screen'] as const) }),
  'system:openSettings': object({ pane: oneOf(['screenCapture', 'microphone', 'sound'] as const) }),
  'systemAudio:plan': none,
  'systemAudio:start': object({ source: string({ min: 1, max: 500 }) }),
  'systemAudio:stop': none,
  'offline:start': object({
    lang: string({ min: 2, max: 35 }),
    /** The user's avaId and name, so offline captions are attributed like online ones. */
    author: optional(string({ max: 200 })),
    authorShow: optional(string({ max: 100 })),
  }),
  'offline:audio': bytes(MAX_AUDIO_FRAME_BYTES),
  'offline:stop': none,
} satisfies Record<InvokeChannel, Schema<unknown>>;

export type InvokeRequest<C extends InvokeChannel> = Infer<(typeof INVOKE_REQUESTS)[C]>;

export interface InvokeResults {
  'desktop:getConfig': DesktopConfig;
  'desktop:updatePreferences': DesktopConfig;
  'captions:command': void;
  'captions:reportState': void;
  /**
   * Handed to the recording window (it is in the room, read-write); refused when captions run
   * offline or in no room, since there is no one to send the line to.
   */
  'captions:typedReply': TypedReplyForwarded;
  /** The page has subscribed to its events: main may send what it queued. */
  'window:ready': void;
  'window:moveBy': void;
  /**
   * The pointer is over the caption window's controls: with click-through on, clicks must reach
   * them, not the window below.
   */
  'window:interactive': void;
  'window:hide': void;
  'window:showMain': void;
  /** The custom token of the last desktop sign-in deep link, if one waits. */
  'auth:takeCustomToken': string | null;
  'auth:clearCustomToken': void;
  'permissions:request': PermissionStatus;
  'system:openSettings': void;
  'systemAudio:plan': SystemAudioPlan;
  'systemAudio:start': { ok: true } | { ok: false; message: string };
  'systemAudio:stop': void;
  'offline:start': OfflineStartResult;
  'offline:audio': void;
  'offline:stop': void;
}

export interface EventPayloads {
  'desktop:configChanged': DesktopConfig;
  'captions:command': { action: CaptionsAction };
  'captions:state': CaptionsState;
  /** To the recording window: send this line into the room as the person's typed reply. */
  'captions:typedReply': { text: string };
  'auth:customToken': { customToken: string };
  /** 60 ms of 16 kHz mono little-endian Int16 from the system-audio monitor. */
  'systemAudio:chunk': Uint8Array;
  'systemAudio:ended': { message: string };
  'offline:transcript': Transcript;
  'offline:status': OfflineStatus;
  'app:expiryNotice': ExpiryNotice;
  /** Opens one of the app's own routes in the main window without reloading it (recording goes on). */
  'app:navigate': { path: string };
}

export type TypedReplyForwarded = { ok: true } | { ok: false; reason: 'no-room' | 'offline' };

/** What the preload puts on `window[BRIDGE_GLOBAL]`. */
export interface DesktopBridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResults[C]>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayloads[C]) => void): () => void;
}

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && (INVOKE_CHANNELS as readonly string[]).includes(value);
}

export function isEventChannel(value: unknown): value is EventChannel {
  return typeof value === 'string' && (EVENT_CHANNELS as readonly string[]).includes(value);
}

// Compile-time checks that the lists and the maps name the same channels.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _resultsCoverChannels: Same<keyof InvokeResults, InvokeChannel> = true;
const _payloadsCoverChannels: Same<keyof EventPayloads, EventChannel> = true;
void _resultsCoverChannels;
void _payloadsCoverChannels;
