/**
 * Error catalogue of the specification (conversation.md section 8). The keys are the spec's;
 * the words shown to people live in the renderer's translations under `errors.audio.<key>` and
 * `errors.join.<key>`, so a key here always has a message there (a test checks it).
 */

export const AUDIO_ERRORS = [
  'FAILED_TO_INIT_AUDIO_CONTEXT',
  'NO_MICROPHONE_SELECTED',
  'NO_AUDIO_TRACKS',
  'NO_WEBRTC_MANAGER',
  'NO_AUDIO_CONTEXT',
  'PERMISSION_DENIED',
  'PERMISSION_DISMISSED',
  'NO_AUDIO_INPUTS',
  'NO_SCREEN_SHARE',
  'GENERIC',
] as const;
export type AudioError = (typeof AUDIO_ERRORS)[number];

/**
 * Maps a getUserMedia / AudioContext failure to the catalogue. Permission errors are also
 * detected by message text, as the spec says, because browsers disagree on error names.
 */
export function classifyAudioError(error: unknown): AudioError {
  const name =
    typeof error === 'object' && error !== null ? String((error as { name?: unknown }).name ?? '') : '';
  const message =
    typeof error === 'object' && error !== null
      ? String((error as { message?: unknown }).message ?? '')
      : String(error);
  const text = `${name} ${message}`.toLowerCase();
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    text.includes('requested device not found')
  )
    return 'NO_AUDIO_INPUTS';
  if (text.includes('dismissed')) return 'PERMISSION_DISMISSED';
  if (
    name === 'NotAllowedError' ||
    name === 'PermissionDeniedError' ||
    name === 'SecurityError' ||
    text.includes('permission denied') ||
    text.includes('not allowed')
  )
    return 'PERMISSION_DENIED';
  if (text.includes('screen recording') || text.includes('screen share')) return 'NO_SCREEN_SHARE';
  if (text.includes('audiocontext') || text.includes('audio context')) return 'FAILED_TO_INIT_AUDIO_CONTEXT';
  return 'GENERIC';
}

/** Join / request errors. */
export const JOIN_ERRORS = {
  invalidMediaDevice: 'invalid media device',
  microphonePermissionDenied: 'microphone permission denied',
  accessDenied: 'access denied',
  microphoneMissing: 'microphone missing',
  rejectedByUser: 'rejected by user',
  self: 'Can not join yourself.',
  shareAudioNeeded: 'share audio needed',
  timeout: "Can't find your host. Try again?",
  unknownUser: 'Unknown username. Check spelling.',
  unknown: 'unknown',
} as const;
export type JoinError = keyof typeof JOIN_ERRORS;

/**
 * HTTP failures take their message from the nested error content message, else `msg`,
 * else `name`, else a default (accounts.md section 8).
 */
export function httpErrorMessage(body: unknown, fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const b = body as {
      error?: { content?: { message?: unknown } } | unknown;
      msg?: unknown;
      name?: unknown;
    };
    const nested =
      typeof b.error === 'object' && b.error !== null
        ? (b.error as { content?: { message?: unknown } }).content?.message
        : undefined;
    for (const candidate of [nested, b.msg, b.name]) {
      if (typeof candidate === 'string' && candidate.length > 0) return candidate;
    }
  }
  return fallback;
}
