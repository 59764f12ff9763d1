/**
 * SubRip (.srt) and WebVTT (.vtt) files of a conversation, from the same cues. SRT names the
 * speaker as text at the start of each turn; WebVTT marks every cue with its voice (`<v Name>`,
 * which players and screen readers can use) and shows the name at each turn too.
 */
import { type Cue, cueText, subtitleTime } from './cues';

export function toSrt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue, i) => {
    // Every piece is one line without `-->` (cueText): a cue is ended only by its blank line.
    const text = cue.lines.map(cueText);
    if (cue.turnStart && !cue.gap) text[0] = `${cueText(cue.speaker)}: ${text[0]}`;
    return `${i + 1}\n${subtitleTime(cue.startMs, ',')} --> ${subtitleTime(cue.endMs, ',')}\n${text.join('\n')}\n`;
  });
  return blocks.join('\n');
}

/** WebVTT's three characters that must be escaped in cue text. */
export function escapeVtt(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A voice annotation ends at `>` and must not hold a line break. */
function voiceName(name: string): string {
  return escapeVtt(cueText(name)) || '?';
}

export function toVtt(cues: readonly Cue[], title: string): string {
  const header = `WEBVTT - ${cueText(title)}\n`;
  const blocks = cues.map((cue) => {
    const lines = cue.lines.map((line) => escapeVtt(cueText(line)));
    if (cue.turnStart && !cue.gap) lines[0] = `${escapeVtt(cueText(cue.speaker))}: ${lines[0]}`;
    if (!cue.gap) lines[0] = `<v ${voiceName(cue.speaker)}>${lines[0]}`;
    return `${subtitleTime(cue.startMs, '.')} --> ${subtitleTime(cue.endMs, '.')}\n${lines.join('\n')}\n`;
  });
  return [header, ...blocks].join('\n');
}
