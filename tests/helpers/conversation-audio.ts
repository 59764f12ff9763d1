/**
 * A long stretch of real speech for tests that need a conversation rather than a sentence: the
 * dev recordings one after another, with a pause between them (so each ends a caption line).
 */
import { readdirSync } from 'node:fs';
import { DEV_DIR, devSamples } from './speech';

const PAUSE_SAMPLES = 12_800; // 0.8 s

/** At least `seconds` of speech (at 16 kHz), from the dev recordings in name order. */
export function conversationAudio(seconds: number): Int16Array {
  const files = readdirSync(DEV_DIR)
    .filter((f) => f.endsWith('.wav'))
    .sort();
  const parts: Int16Array[] = [];
  let length = 0;
  for (let i = 0; length < seconds * 16_000; i++) {
    const samples = devSamples(files[i % files.length]!);
    parts.push(samples, new Int16Array(PAUSE_SAMPLES));
    length += samples.length + PAUSE_SAMPLES;
  }
  const out = new Int16Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
