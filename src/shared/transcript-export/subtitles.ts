/**
 * SubRip (.srt) and WebVTT (.vtt) files of a conversation, from the same cues. SRT names the
 * speaker as text at the start of each turn; WebVTT marks every cue with its voice (`<v Name>`,
 * which players and screen readers can use) and shows the name at each turn too.
 */
import { type Cue, subtitleTime } from './cues';

export function toSrt(cues: readonly Cue[]): string {
  const blocks = cues.map((cue, i) => {
    const text = [...cue.lines];
    if (cue.turnStart && !cue.gap) text[0] = `${cue.speaker}: ${text[0]}`;
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
  return escapeVtt(name.replace(/\s+/g, ' ').trim()) || '?';
}

export function toVtt(cues: readonly Cue[], title: string): string {
  const header = `WEBVTT - ${title.replace(/\s+/g, ' ').replace(/-->/g, '→').trim()}\n`;
  const blocks = cues.map((cue) => {
    const lines = cue.lines.map(escapeVtt);
    if (cue.turnStart && !cue.gap) lines[0] = `${escapeVtt(cue.speaker)}: ${lines[0]}`;
    if (!cue.gap) lines[0] = `<v ${voiceName(cue.speaker)}>${lines[0]}`;
    return `${subtitleTime(cue.startMs, '.')} --> ${subtitleTime(cue.endMs, '.')}\n${lines.join('\n')}\n`;
  });
  return [header, ...blocks].join('\n');
}
