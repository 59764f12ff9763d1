/**
 * The PocketSphinx engine's settings and where its model is: the options a stream runs with,
 * their defaults, the decoder arguments and why each was chosen (docs/measurements.md), and the
 * search for the US English model. Apart from engine.ts, which runs the decoders.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EngineUnavailableError } from '../types';
import { INSTALL_HINT } from './binding';

export interface PocketSphinxOptions {
  /** Folder with `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
  vadModel: string;
  /** A pause this long ends a caption line. */
  endpointSilenceMs: number;
  preRollMs: number;
  maxUtteranceMs: number;
  /**
   * Silero's speech probability above which a frame is speech. 0.35, not the library's 0.5: the
   * quieter ends of words and short function words said softly stay in the line instead of
   * being cut off or split from it, fewer words are lost (deletions 76 to 68 on the dev set) and
   * it was better on both speaker halves (docs/measurements.md, "After the weak forms").
   */
  vadThreshold: number;
  minSpeechMs: number;
  /** Weight of the model's prior cepstral mean on a new stream, in frames (see cmn.ts). */
  cmnPriorFrames: number;
  /**
   * Weight, in frames, of the mean a speaker's new stream starts from when their last stream's
   * is given (StreamOptions.cmnMean). The prior's weight: heavier ones (100, 300) were worse on
   * one speaker half of the dev set (docs/measurements.md, "A speaker's own mean").
   */
  cmnCarryFrames: number;
  /** Extra decoder arguments (`beam`, `lw`, ...), overriding the defaults below. */
  decoderArgs?: Record<string, string>;
  /**
   * Finished streams' decoders kept for the next stream (creating one takes ~0.25 s); beyond
   * this many, a decoder is freed, so memory goes back down after a burst of streams.
   */
  maxIdleDecoders: number;
  /**
   * Vocabulary boost (docs/boost.md): a boosted word missing from the dictionary is added with
   * a unigram probability of `boostWeight` / (unigrams in the model).
   */
  boostWeight: number;
  /**
   * A boosted word the dictionary already has also gets a second entry (an alias, shown as the
   * word) with the boost unigram: its own unigram stays, the alias only adds a likelier path.
   */
  boostKnownWords: boolean;
  /**
   * Whether boost lists reach this engine at all. Off by default: in the server only the boost
   * host process's engines take them (pool.ts, docs/boost.md "Isolation"), so that if adding
   * words to a live decoder ever crashes native code again, it does not end the server.
   */
  boostEnabled: boolean;
  /**
   * Weak forms of common words in the dictionary (reduced-forms.ts). Off only to measure the
   * engine without them (bench:decoder-cv).
   */
  reducedForms: boolean;
}

export const DEFAULT_POCKETSPHINX_OPTIONS: Omit<PocketSphinxOptions, 'vadModel'> = {
  endpointSilenceMs: 400,
  preRollMs: 400,
  maxUtteranceMs: 20_000,
  vadThreshold: 0.35,
  minSpeechMs: 100,
  cmnPriorFrames: 20,
  cmnCarryFrames: 20,
  maxIdleDecoders: 2,
  boostWeight: 0.1,
  boostKnownWords: false,
  boostEnabled: false,
  reducedForms: true,
};

/**
 * Decoder settings, chosen with the benchmark (docs/measurements.md) for what a reader sees:
 * - bestpath (rescoring the utterance's word lattice when it ends) is off. It lowers word errors
 *   by about 2.5 points on our dev set, but it changes words the reader has already seen, and
 *   a word that only becomes right when a long line ends has reached the reader seconds late:
 *   with it, word latency p95 was 3.4 s; without it, 0.66 s. Partials and finals now agree.
 * - fwdflat (a second search over the whole utterance) is off: its gain is smaller still and it
 *   makes every final wait 0.2-0.8 s.
 * - remove_silence is off: Silero VAD already gives the decoder only speech and its pauses, and
 *   PocketSphinx's own energy VAD dropping frames would make word timings drift from the audio.
 * - maxwpf and maxhmmpf bound the search per 10 ms frame (at most MAXWPF words may end, and
 *   MAXHMMPF HMMs stay active; the library's defaults are no bound and 30000). The decoder is
 *   nearly all of a stream's CPU, and the tree search over many word ends and HMMs half of it;
 *   with these bounds a stream costs about 40% less and the dev set's WER does not get worse
 *   (docs/measurements.md, "Decoder pruning"). MAXHMMPF 2500 rather than 3000 saves a tenth more
 *   for 0.07 points of WER (57.93% to 58.00%, still under the 58.49% of the unbounded search).
 * - wbeam, the beam for word exits, is 1e-20 instead of the library's 7e-29: with word ends
 *   already bounded per frame, the exits it drops never won, so every final of the dev set keeps
 *   its words and timings (bench:engine --compare: 0 of 78 differ) for about a fifth less CPU;
 *   only some partials differ. 1e-15 changes finals and costs WER.
 * - These bounds were chosen on the whole dev set and judged on it too. Re-chosen by
 *   cross-validation over two halves of dev by speaker (issue 25, bench:decoder-cv,
 *   docs/measurements.md "Cross-validated decoder settings"), no setting tried (lw 5-8, maxwpf 20,
 *   maxhmmpf 4000, endpointing, CMN prior) beat them on both halves: what is better on one half
 *   is worse or equal on the other, by a few words of about 715 in each. They stay; what did beat
 *   them on both halves, for no CPU, is the weak forms of common words (reduced-forms.ts).
 */
export const DEFAULT_DECODER_ARGS: Record<string, string> = {
  fwdflat: 'no',
  bestpath: 'no',
  remove_silence: 'no',
  maxwpf: '10',
  maxhmmpf: '2500',
  wbeam: '1e-20',
};

const MODEL_DIR_CANDIDATES = [
  process.env.POCKETSPHINX_MODEL_DIR,
  '/usr/share/pocketsphinx/model/en-us',
  '/opt/homebrew/share/pocketsphinx/model/en-us',
  '/usr/local/share/pocketsphinx/model/en-us',
].filter((d): d is string => typeof d === 'string' && d.length > 0);

function modelFiles(dir: string) {
  return { hmm: join(dir, 'en-us'), lm: join(dir, 'en-us.lm.bin'), dict: join(dir, 'cmudict-en-us.dict') };
}

/** Finds the US English model, or throws naming what is missing and how to install it. */
export function findPocketSphinxModel(preferred?: string): ReturnType<typeof modelFiles> {
  const candidates = preferred ? [preferred] : MODEL_DIR_CANDIDATES;
  for (const dir of candidates) {
    const files = modelFiles(dir);
    if (existsSync(files.hmm) && existsSync(files.lm) && existsSync(files.dict)) return files;
  }
  throw new EngineUnavailableError(
    `PocketSphinx US English model (pocketsphinx-en-us) not found in ${candidates.join(', ')}`,
    INSTALL_HINT.replace(/^install it with /, ''),
  );
}
