/**
 * What one ended conversation adds to its people's usage (shared/usage-report.ts): per person
 * whose microphone spoke, the captioned speech time by tier and the words. Pure: the caller
 * reads the stored lines and writes the rows.
 */

/** A stored line as usage needs it. */
export interface UsageLine {
  author: string;
  sourceAuthor: string | null;
  /** '' for a typed line (no recogniser). */
  engine: string;
  usePaidAsr: boolean;
  text: string;
  words: { startMs: number; endMs: number }[];
}

export interface PersonUsage {
  basicMs: number;
  premiumMs: number;
  words: number;
}

function wordsIn(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

/** Span of a recognised line from its first word's start to its last word's end (0 without timings). */
export function lineSpanMs(words: UsageLine['words']): number {
  if (words.length === 0) return 0;
  const start = Math.min(...words.map((w) => w.startMs));
  const end = Math.max(...words.map((w) => w.endMs));
  return Math.max(0, end - start);
}

export function conversationUsage(lines: UsageLine[]): Map<string, PersonUsage> {
  const usage = new Map<string, PersonUsage>();
  for (const line of lines) {
    // The microphone's owner: a line given to another speaker was still their stream.
    const person = line.sourceAuthor ?? line.author;
    const entry = usage.get(person) ?? { basicMs: 0, premiumMs: 0, words: 0 };
    entry.words += wordsIn(line.text);
    if (line.engine !== '') {
      const span = lineSpanMs(line.words);
      if (line.usePaidAsr) entry.premiumMs += span;
      else entry.basicMs += span;
    }
    usage.set(person, entry);
  }
  return usage;
}
