/**
 * Validation rules of the specification that both the client (to explain a mistake before
 * sending) and the server (to refuse it) apply.
 */
import {
  DISPLAY_NAME_MAX_LENGTH,
  DISPLAY_NAME_MIN_LENGTH,
  FONT_SIZE_MAX_PX,
  FONT_SIZE_MIN_PX,
  ROOM_NAME_MAX_LENGTH,
  ROOM_NAME_MIN_LENGTH,
  ROOM_TITLE_MAX_LENGTH,
} from './constants';

export type RoomNameProblem = 'too-short' | 'too-long' | 'invalid-characters';

/** Room names are typed by people: case, surrounding spaces and spaces for dashes are forgiven. */
export function normalizeRoomName(input: string): string {
  return input.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Checks a room name typed to join: at least 3 characters; letters, digits and dashes. */
export function checkRoomName(input: string): RoomNameProblem | undefined {
  const name = normalizeRoomName(input);
  if (name.length < ROOM_NAME_MIN_LENGTH) return 'too-short';
  if (name.length > ROOM_NAME_MAX_LENGTH) return 'too-long';
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(name)) return 'invalid-characters';
  return undefined;
}

/**
 * Everything that ends a line somewhere: a name or title holding one could start a new line of an
 * export (a forged "[00:05] Host: ..." in the TXT, a whole extra SRT cue). Tab too, which CSV
 * readers take as a field separator. Each becomes a space.
 */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Characters nobody types in a name: the other C0 and C1 controls and DEL, and the bidirectional
 * overrides and isolates, which make text show in another order than it is stored (a name could
 * show as someone else's). They are removed.
 */
const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex -- these control characters are what it finds
  /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * One line of plain text, the rule for every display name, speaker name and room title wherever
 * it enters (and for what the exports write of them): line breaks and tabs folded into a space,
 * other control characters removed, runs of spaces made one, surrounding spaces trimmed.
 */
export function plainLine(input: string): string {
  return input.replace(LINE_BREAKS, ' ').replace(INVISIBLE_CONTROLS, '').replace(/\s+/g, ' ').trim();
}

/** A display name as it is kept (one plain line, 2 to 49 characters), or undefined when refused. */
export function normalizeDisplayName(input: string): string | undefined {
  const name = plainLine(input);
  return name.length >= DISPLAY_NAME_MIN_LENGTH && name.length <= DISPLAY_NAME_MAX_LENGTH ? name : undefined;
}

/** Speaker display name: 2 to 49 characters once made one plain line (normalizeDisplayName). */
export function isValidDisplayName(input: string): boolean {
  return normalizeDisplayName(input) !== undefined;
}

/** Why a display name was refused, with the limits the rule above applies (the server's answer). */
export const DISPLAY_NAME_MESSAGE = `A name must have ${DISPLAY_NAME_MIN_LENGTH} to ${DISPLAY_NAME_MAX_LENGTH} characters.`;

/**
 * A room title is updated only if non-empty and at most ROOM_TITLE_MAX_LENGTH characters once made
 * one plain line (plainLine). A longer one is refused with the reason, never cut: cut, it would
 * end mid-word.
 */
export function normalizeTitle(input: string): string | undefined {
  return titleProblem(input) === undefined ? plainLine(input) : undefined;
}

export type TitleProblem = 'empty' | 'too-long';

export function titleProblem(input: string): TitleProblem | undefined {
  const title = plainLine(input);
  if (title.length === 0) return 'empty';
  if (title.length > ROOM_TITLE_MAX_LENGTH) return 'too-long';
  return undefined;
}

/** Caption font size is kept within 13 to 60 px. */
export function clampFontSize(px: number): number {
  if (!Number.isFinite(px)) return FONT_SIZE_MIN_PX;
  return Math.min(FONT_SIZE_MAX_PX, Math.max(FONT_SIZE_MIN_PX, Math.round(px)));
}

/**
 * A typed reply as it is kept and shown: control characters (other than line breaks) removed,
 * runs of blank lines and surrounding spaces trimmed; undefined when nothing is left.
 */
export function normalizeTypedText(input: string): string | undefined {
  const text = input
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.length > 0 ? text : undefined;
}
