/**
 * The firm-word policy replayed on a recogniser's events, in audio time, to choose its agreement
 * time (bench:firm): what the finals become when firm words are kept, and how long after a word
 * was spoken it became firm. Pure, so the figures' definitions are tested exactly.
 *
 * - firm lag: for each word of a final, the audio end (`endMs`) of the hypothesis that made it
 *   firm (the final's own end if only the final did) minus the end of the word in the final's word
 *   timings. Audio time, not the clock: the decoder's and the network's delays come on top, and
 *   bench:asr measures those (stableWordLatencyMs).
 */
import { LocalAgreement } from '../../src/server/rooms/local-agreement';
import type { RecognizerEvent } from '../../src/native/speech/types';

export interface FirmReplay {
  /** The finals' texts as readers get them (firm words kept), in order. */
  finals: string[];
  /** Per final word with a timing: audio ms from the end of the word to it becoming firm. */
  firmLagsMs: number[];
  /** Words of the finals. */
  finalWords: number;
  /** Of those, words firm before their line's final. */
  firmBeforeFinal: number;
}

export function replayFirm(events: readonly RecognizerEvent[], agreedMs: number): FirmReplay {
  const lines = new Map<number, { agreement: LocalAgreement; firmAtMs: number[] }>();
  const out: FirmReplay = { finals: [], firmLagsMs: [], finalWords: 0, firmBeforeFinal: 0 };
  for (const event of events) {
    let line = lines.get(event.segment);
    if (!line) {
      line = { agreement: new LocalAgreement(agreedMs), firmAtMs: [] };
      lines.set(event.segment, line);
    }
    if (event.kind === 'partial') {
      const { firm } = line.agreement.partial(event.text, event.endMs);
      while (line.firmAtMs.length < firm) line.firmAtMs.push(event.endMs);
      continue;
    }
    const final = line.agreement.final(event.text, event.words);
    lines.delete(event.segment);
    if (final.words.length === 0) continue;
    out.finals.push(final.words.join(' '));
    out.finalWords += final.words.length;
    out.firmBeforeFinal += line.firmAtMs.length;
    final.timings?.forEach((timing, i) => {
      out.firmLagsMs.push((line.firmAtMs[i] ?? event.endMs) - timing.endMs);
    });
  }
  return out;
}
