/**
 * Who said what (issue 11): speakers who have no device of their own. Two people sharing one
 * microphone are told apart by giving some of its lines to a *voicing speaker*, a name created
 * in the room ("Grandma", "Speaker 2"). Its id is made by the client that names it, so naming
 * and assigning a line can be sent at once without waiting for an answer; the id's form can
 * never be a person's avaId (20 letters and digits), so nobody can be impersonated by naming.
 */
import { DISPLAY_NAME_MESSAGE, normalizeDisplayName } from './validation';
import { randomId } from './ids';

export const VOICING_SPEAKER_ID_PREFIX = 'voicing-';
export const VOICING_SPEAKER_ID_PATTERN = /^voicing-[A-Za-z0-9]{8,32}$/;
/** Named speakers one conversation may create: a room of people around a few microphones, with room to spare. */
export const MAX_VOICING_SPEAKERS_PER_ROOM = 50;

/**
 * The speakers' colours in captions (Speaker.theme): each speaker keeps one, chosen from their id,
 * so a speaker has the same colour on every screen and after a restart. Names, not colours: each
 * screen maps them to colours that read on its own background (light or dark).
 */
export const SPEAKER_THEMES = ['blue', 'green', 'orange', 'violet', 'teal', 'rose'] as const;
export type SpeakerTheme = (typeof SPEAKER_THEMES)[number];

/** The theme of the speaker with this id (a 32-bit FNV-1a of the id, over the palette). */
export function speakerTheme(speakerId: string): SpeakerTheme {
  let hash = 0x811c9dc5;
  for (const ch of speakerId) hash = Math.imul(hash ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return SPEAKER_THEMES[hash % SPEAKER_THEMES.length]!;
}

export function isVoicingSpeakerId(id: string): boolean {
  return VOICING_SPEAKER_ID_PATTERN.test(id);
}

/** A fresh voicing speaker id (the client makes it when someone names a new speaker). */
export function newVoicingSpeakerId(): string {
  return `${VOICING_SPEAKER_ID_PREFIX}${randomId(12)}`;
}

/**
 * A speaker's name as it is kept: one plain line, held to the spec's speaker display name rule
 * (normalizeDisplayName). Returns the problem, in the words the account forms use, otherwise.
 */
export function checkSpeakerName(input: string): { ok: true; name: string } | { ok: false; message: string } {
  const name = normalizeDisplayName(input);
  return name !== undefined ? { ok: true, name } : { ok: false, message: DISPLAY_NAME_MESSAGE };
}
