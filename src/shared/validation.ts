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

/** Speaker display name: 2 to 49 characters after trimming. */
export function isValidDisplayName(input: string): boolean {
  const length = input.trim().length;
  return length >= DISPLAY_NAME_MIN_LENGTH && length <= DISPLAY_NAME_MAX_LENGTH;
}

/** Why a display name was refused, with the limits the rule above applies (the server's answer). */
export const DISPLAY_NAME_MESSAGE = `A name must have ${DISPLAY_NAME_MIN_LENGTH} to ${DISPLAY_NAME_MAX_LENGTH} characters.`;

/**
 * A room title is updated only if non-empty and at most ROOM_TITLE_MAX_LENGTH characters (after
 * trimming). A longer one is refused with the reason, never cut: cut, it would end mid-word.
 */
export function normalizeTitle(input: string): string | undefined {
  return titleProblem(input) === undefined ? input.trim() : undefined;
}

export type TitleProblem = 'empty' | 'too-long';

export function titleProblem(input: string): TitleProblem | undefined {
  const title = input.trim();
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
