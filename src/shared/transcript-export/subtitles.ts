/**
 * SubRip (.srt) and WebVTT (.vtt) files of a conversation, from the same cues. SRT names the
 * speaker as text at the start of each turn; WebVTT marks every cue with its voice (`<v Name>`,
 * which players show and screen readers can use), once. A cue captioned late is shown at the
 * time it was said, like the others. SRT has no place for a remark, so its text ends with the
 * same mark as TXT's line, "(captioned late)", which players show; WebVTT says it in a NOTE
 * before the cue (for people editing the file; players do not show notes).
 */
import { type Cue, cueText, subtitleTime } from './cues';

/**
 * A subtitle file is its blocks (after WebVTT's header) each followed by this blank line's break:
 * toSrt and toVtt write them whole, stream.ts a page of cues at a time.
 */
export const CUE_SEPARATOR = '\n';

/**
 * Cue `number` (from 1) as an SRT block; a late cue's text ends with `late` (the mark's words,
 * in the reader's language) in brackets, as TXT's line does.
 */
export function srtBlock(cue: Cue, number: number, late = 'captioned late'): string {
  // Every piece is one line without `-->` (cueText): a cue is ended only by its blank line.
  const text = cue.lines.map(cueText);
  if (cue.turnStart && !cue.gap) text[0] = `${cueText(cue.speaker)}: ${text[0]}`;
  if (cue.late) text.splice(-1, 1, `${text.at(-1) ?? ''} (${cueText(late)})`.trimStart());
  return `${number}\n${subtitleTime(cue.startMs, ',')} --> ${subtitleTime(cue.endMs, ',')}\n${text.join('\n')}\n`;
}

export function toSrt(cues: readonly Cue[], late?: string): string {
  return cues.map((cue, i) => srtBlock(cue, i + 1, late)).join(CUE_SEPARATOR);
}

/** WebVTT's three characters that must be escaped in cue text. */
export function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A voice annotation ends at `>` and must not hold a line break. */
function voiceName(name: string): string {
  return escapeVtt(cueText(name)) || '?';
}

export function vttHeader(title: string): string {
  return `WEBVTT - ${cueText(title)}\n`;
}

/** The NOTE before a cue captioned late (`late`: the mark in the reader's language). */
export function vttLateNote(late: string): string {
  return `NOTE ${cueText(late)}\n${CUE_SEPARATOR}`;
}

/** A cue as a WebVTT block; `late` (the mark's words) is written as a NOTE before a late cue. */
export function vttBlock(cue: Cue, late = 'captioned late'): string {
  const lines = cue.lines.map((line) => escapeVtt(cueText(line)));
  // The voice tag is the speaker's one mention: players show it as the name.
  if (!cue.gap) lines[0] = `<v ${voiceName(cue.speaker)}>${lines[0]}`;
  const note = cue.late ? vttLateNote(late) : '';
  return `${note}${subtitleTime(cue.startMs, '.')} --> ${subtitleTime(cue.endMs, '.')}\n${lines.join('\n')}\n`;
}

export function toVtt(cues: readonly Cue[], title: string, late?: string): string {
  return [vttHeader(title), ...cues.map((cue) => vttBlock(cue, late))].join(CUE_SEPARATOR);
}
