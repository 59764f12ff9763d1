/**
 * Pronunciations of words missing from PocketSphinx's dictionary, from eSpeak NG's letter-to-sound
 * rules (its `--ipa` output for US English), mapped to CMU phones by arpabet.ts. eSpeak NG runs
 * as one process per batch of words (one word per line in, one IPA line out), in the speech
 * worker, between utterances; a boost list changes rarely, so this costs a few ms now and then.
 */
import { execFileSync } from 'node:child_process';
import { ipaToCmu } from './arpabet';

/** How long one batch may take before it is given up (the words then get no pronunciation). */
const ESPEAK_TIMEOUT_MS = 5000;

/** A word eSpeak NG can be asked about: letters (any script), apostrophes and inner hyphens. */
const SPEAKABLE = /^[\p{L}][\p{L}'-]*$/u;

/**
 * CMU pronunciations of `words` (lower case, one word each), as far as eSpeak NG and the mapping
 * can give them; a word without one is left out of the map. Never throws: without eSpeak NG the
 * map is empty and the caller boosts what it can without it.
 */
export function espeakPronunciations(words: readonly string[], program = 'espeak-ng'): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const asked = words.filter((w) => SPEAKABLE.test(w));
  if (asked.length === 0) return out;
  let stdout: string;
  try {
    stdout = execFileSync(program, ['-q', '-v', 'en-us', '--ipa'], {
      input: asked.join('\n') + '\n',
      encoding: 'utf8',
      timeout: ESPEAK_TIMEOUT_MS,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
  } catch {
    return out;
  }
  const lines = stdout
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  // One line per word is what eSpeak NG gives for one word per input line; if the counts do
  // not match (a word it split or joined), none is trusted rather than misaligning them.
  if (lines.length !== asked.length) return out;
  asked.forEach((word, i) => {
    const phones = ipaToCmu(lines[i]!);
    if (phones) out.set(word, phones);
  });
  return out;
}
