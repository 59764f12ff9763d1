/**
 * Apertium's stream format, for plain caption text. Hearken feeds a pair's pipeline directly
 * (not through the `apertium` script, whose text deformatter swallows the null characters that
 * null-flush mode needs), so it does the deformatter's one job for text itself: characters that
 * mean something in the stream are escaped with a backslash, and the output is unescaped.
 * Pure functions; apertium.ts does the I/O.
 */

/** Characters with a meaning in the stream format: an unescaped `{` breaks the whole pipeline. */
const RESERVED = /[\\[\]^$/<>@{}]/g;

/**
 * One caption as a pipeline input: reserved characters escaped; the null character (the
 * pipeline's end-of-input mark) and control characters become spaces; `~` too, which the
 * pipeline drops escaped or not (a space at least keeps the words apart).
 */
export function toApertiumInput(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f~]/g, ' ').replace(RESERVED, (c) => `\\${c}`);
}

/**
 * One output of the pipeline as text: escapes undone, the blanks of dropped words folded
 * ("Entonces  comemos"), ends trimmed. Words the pair does not know come through as they were
 * (the `-n` option: no `*` marks).
 */
export function fromApertiumOutput(output: string): string {
  return output
    .replace(/\\(.)/gs, '$1')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/**
 * Splits what a null-flush pipeline wrote into complete outputs (each ended by `\0`) and the
 * start of the next one, still incomplete.
 */
export function splitFlushed(buffered: string): { outputs: string[]; rest: string } {
  const parts = buffered.split('\0');
  const rest = parts.pop() ?? '';
  return { outputs: parts, rest };
}
