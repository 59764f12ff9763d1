/**
 * The desktop app's settings, kept by electron-store in the user data folder and checked
 * against a JSON schema on every read and write (a hand-edited or corrupt file is refused,
 * not half-applied). Preference updates from renderers are validated again here, one field at a
 * time, so one bad field (a shortcut another app holds) does not lose the others.
 */
import { checkGlobalAccelerator } from '../shared/accelerator';
import {
  AUDIO_SOURCES,
  CAPTION_MODES,
  DESKTOP_THEMES,
  THEME_VARIANTS,
  checkServerUrl,
  type CaptionMode,
  type ServerUrlProblem,
} from '../shared/desktop';
import { DEFAULT_PREFERENCES } from '../shared/desktop-preferences';
import type { DesktopPreferences, InvokeRequest, PreferencesProblem } from '../shared/ipc';
import type { Rect } from './windows/placement';

export interface StoredSettings {
  preferences: DesktopPreferences;
  /** Caption window bounds per mode, per display (placement.ts displayKey). */
  windowBounds: Record<CaptionMode, Record<string, Rect>>;
  /** The display each caption mode was last shown on. */
  lastDisplay: Partial<Record<CaptionMode, string>>;
  /** Interface language of the tray, as chosen in the app ('' = the system's). */
  language: '' | 'en' | 'fr';
  /**
   * The account last confirmed through a `hearken://login` link (deep-links.ts): the one a new
   * link would replace, named in its confirmation. Not a secret (no token); null before any.
   */
  signedInAccount: { uid: string; label: string } | null;
}

export const SETTINGS_DEFAULTS: StoredSettings = {
  preferences: DEFAULT_PREFERENCES,
  windowBounds: { floatingCaptions: {}, captionsBox: {} },
  lastDisplay: {},
  language: '',
  signedInAccount: null,
};

const rectSchema = {
  type: 'object',
  properties: {
    x: { type: 'integer', minimum: -100_000, maximum: 100_000 },
    y: { type: 'integer', minimum: -100_000, maximum: 100_000 },
    width: { type: 'integer', minimum: 1, maximum: 100_000 },
    height: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
  required: ['x', 'y', 'width', 'height'],
  additionalProperties: false,
} as const;

const boundsPerDisplay = { type: 'object', additionalProperties: rectSchema, maxProperties: 32 } as const;

/** electron-store's `schema` option: JSON Schema of each top-level key. */
export const SETTINGS_SCHEMA = {
  preferences: {
    type: 'object',
    properties: {
      captionMode: { enum: [...CAPTION_MODES] },
      audioSource: { enum: [...AUDIO_SOURCES] },
      theme: {
        type: 'object',
        properties: {
          name: { enum: [...DESKTOP_THEMES] },
          variant: { enum: [...THEME_VARIANTS] },
          bold: { type: 'boolean' },
        },
        required: ['name', 'variant', 'bold'],
        additionalProperties: false,
      },
      clickThrough: { type: 'boolean' },
      globalShortcut: { type: 'string', maxLength: 100 },
      openAtLogin: { type: 'boolean' },
      serverUrl: { type: 'string', maxLength: 2000, pattern: '^https?://' },
    },
    required: [
      'captionMode',
      'audioSource',
      'theme',
      'clickThrough',
      'globalShortcut',
      'openAtLogin',
      'serverUrl',
    ],
    additionalProperties: false,
    default: DEFAULT_PREFERENCES,
  },
  windowBounds: {
    type: 'object',
    properties: { floatingCaptions: boundsPerDisplay, captionsBox: boundsPerDisplay },
    required: ['floatingCaptions', 'captionsBox'],
    additionalProperties: false,
    default: SETTINGS_DEFAULTS.windowBounds,
  },
  lastDisplay: {
    type: 'object',
    properties: { floatingCaptions: { type: 'string' }, captionsBox: { type: 'string' } },
    additionalProperties: false,
    default: {},
  },
  language: { enum: ['', 'en', 'fr'], default: '' },
  signedInAccount: {
    type: ['object', 'null'],
    properties: {
      uid: { type: 'string', minLength: 1, maxLength: 128 },
      label: { type: 'string', minLength: 1, maxLength: 200 },
    },
    required: ['uid', 'label'],
    additionalProperties: false,
    default: null,
  },
} as const;

/** The part of electron-store (or conf) the app uses. */
export interface SettingsStore {
  get<K extends keyof StoredSettings>(key: K): StoredSettings[K];
  set<K extends keyof StoredSettings>(key: K, value: StoredSettings[K]): void;
}

/**
 * A server URL as typed by a person, or undefined when refused (shared/desktop.ts checkServerUrl:
 * https, or http to this machine only).
 */
export function normalizeServerUrl(input: string): string | undefined {
  const checked = checkServerUrl(input);
  return checked.ok ? checked.url : undefined;
}

/** Sentences for the log, saying what to do about a refused server address. */
export const SERVER_URL_PROBLEMS: Record<ServerUrlProblem, string> = {
  malformed: 'it is not a URL',
  'unsupported-scheme': 'only https:// (or http:// to this computer) is accepted',
  credentials: 'it carries a user name or password; sign in in the app instead',
  'query-or-fragment': 'it has a query or fragment; give the server address only',
  'insecure-remote':
    'plain http:// is accepted only for this computer (localhost, 127.x.x.x, [::1]); use https:// for any other server',
};

export interface PreferencesUpdateResult {
  preferences: DesktopPreferences;
  problem?: PreferencesProblem;
  /** Why a server address was refused, for the log (the page only has `server-url-invalid`). */
  serverUrlProblem?: ServerUrlProblem;
}

/**
 * Applies a renderer's update (already schema-checked by the IPC router) to the current
 * preferences. Fields needing more than a type check are checked here; a refused field keeps its
 * old value and names the problem.
 */
export function applyPreferencesUpdate(
  current: DesktopPreferences,
  update: InvokeRequest<'desktop:updatePreferences'>,
): PreferencesUpdateResult {
  const next: DesktopPreferences = { ...current, theme: { ...current.theme } };
  let problem: PreferencesProblem | undefined;
  let serverUrlProblem: ServerUrlProblem | undefined;
  if (update.captionMode !== undefined) next.captionMode = update.captionMode;
  if (update.audioSource !== undefined) next.audioSource = update.audioSource;
  if (update.theme !== undefined) next.theme = { ...update.theme };
  if (update.clickThrough !== undefined) next.clickThrough = update.clickThrough;
  if (update.openAtLogin !== undefined) next.openAtLogin = update.openAtLogin;
  if (update.globalShortcut !== undefined) {
    if (update.globalShortcut.trim() === '') next.globalShortcut = '';
    else {
      const checked = checkGlobalAccelerator(update.globalShortcut);
      if (checked.ok) next.globalShortcut = checked.accelerator;
      else problem = 'shortcut-invalid';
    }
  }
  if (update.serverUrl !== undefined) {
    // Refused (not https and not this computer, not a URL): the saved address stays.
    const checked = checkServerUrl(update.serverUrl);
    if (checked.ok) next.serverUrl = checked.url;
    else {
      problem ??= 'server-url-invalid';
      serverUrlProblem = checked.problem;
    }
  }
  return {
    preferences: next,
    ...(problem ? { problem } : {}),
    ...(serverUrlProblem ? { serverUrlProblem } : {}),
  };
}

/**
 * Opens the store. A settings file that fails the schema (edited by hand, written by a future
 * version, damaged) is moved aside, not deleted, and the app starts with defaults: captions must
 * start even when preferences cannot be read.
 */
export function openSettingsStore<S>(
  create: () => S,
  file: string,
  moveAside: (from: string, to: string) => void,
  now: () => number,
  log: (message: string) => void,
): S {
  try {
    return create();
  } catch (error) {
    const aside = `${file}.unreadable-${now()}`;
    log(`settings could not be read (${(error as Error).message}); kept as ${aside}, starting from defaults`);
    moveAside(file, aside);
    return create();
  }
}
