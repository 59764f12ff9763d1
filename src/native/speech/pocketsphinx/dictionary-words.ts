/** How a line of a PocketSphinx pronunciation dictionary names its word. */

/** An entry's word: `word(2)` is the second pronunciation of `word`. */
export function dictionaryHeadword(line: string): string | undefined {
  const first = line.trim().split(/\s+/, 1)[0];
  return first ? first.replace(/\(\d+\)$/, '') : undefined;
}
