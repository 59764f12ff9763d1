/**
 * The PocketSphinx engine: the system's libpocketsphinx with its US English model, Silero VAD
 * for endpointing, and fast CMN adaptation. It needs nothing downloaded, so it is what serves
 * when no sherpa-onnx model is installed, and the recogniser of our tests and benchmarks.
 */
import { SAMPLE_RATE_HZ } from '../../../shared/constants';
import type { WordTiming } from '../../../shared/entities';
import { ENGLISH } from '../models/registry';
import { AudioRing } from '../ring';
import { Segmenter, type SegmenterAction } from '../segmenter';
import { type RecognizerEvent, type RecognizerStream, type SpeechEngine, type StreamOptions } from '../types';
import { SileroVad, VAD_WINDOW_SAMPLES } from '../vad';
import {
  BOOST_CLASS_MAX_MEMBERS,
  loadPocketSphinx,
  type LanguageModel,
  type PocketSphinxLib,
} from './binding';
import { modelWordsDictionary } from './dictionary';
import { REDUCED_FORMS } from './reduced-forms';
import { createCmnAdapter, type CmnAdapter } from './cmn';
import { cleanHypothesis, cleanWord, BOOST_ALIAS_SUFFIX } from './text';
import { boostTokens } from '../boost/tokens';
import { espeakPronunciations } from '../boost/espeak';
import {
  DEFAULT_DECODER_ARGS,
  DEFAULT_POCKETSPHINX_OPTIONS,
  findPocketSphinxModel,
  type PocketSphinxOptions,
} from './settings';

export { DEFAULT_POCKETSPHINX_OPTIONS, findPocketSphinxModel, type PocketSphinxOptions } from './settings';

/** PocketSphinx computes 100 feature frames per second. */
const MS_PER_FRAME = 10;
/**
 * Words a boost list may add to one decoder (the list's latest): all the members the boost
 * class can hold (binding.ts explains both the class and its bound).
 */
export const MAX_DECODER_BOOST_WORDS = BOOST_CLASS_MAX_MEMBERS;

interface Decoder {
  ps: unknown;
  cmn: CmnAdapter | undefined;
  /**
   * The Silero VAD the decoder's last stream used, kept with it: building one loads the ONNX
   * model (a few ms of CPU per stream), while reset() gives the same state as a new one.
   */
  vad?: SileroVad;
  /** Words (or aliases) added to this decoder by a boost list, as the dictionary spells them. */
  added: Set<string>;
}

export class PocketSphinxEngine implements SpeechEngine {
  readonly id = 'pocketsphinx:en-us';
  readonly kind = 'pocketsphinx' as const;
  readonly langs = ENGLISH;
  private readonly lib: PocketSphinxLib;
  private readonly files: ReturnType<typeof findPocketSphinxModel>;
  private readonly options: PocketSphinxOptions;
  /**
   * Decoders take ~0.25 s and about 50 MB to create: finished streams give theirs back, up to
   * `maxIdleDecoders` (or as many as were warmed); the rest are freed.
   */
  private readonly idle: Decoder[] = [];
  private keepIdle: number;
  /**
   * Decoders that never take boost words share one language model and a dictionary cut to its
   * words (binding.ts LanguageModel, dictionary.ts): about 40 MB less per decoder. Made with
   * the first decoder; freed once the engine is disposed and its last decoder freed.
   */
  private shared: { lm: LanguageModel; dict: string } | undefined;
  /** Decoders created and not yet freed, so that the shared model outlives them all. */
  private live = 0;
  private disposed = false;

  constructor(options: Partial<PocketSphinxOptions> & { vadModel: string }) {
    this.options = { ...DEFAULT_POCKETSPHINX_OPTIONS, ...options };
    this.lib = loadPocketSphinx();
    this.files = findPocketSphinxModel(this.options.modelDir);
    this.keepIdle = this.options.maxIdleDecoders;
  }

  /** Decoders waiting for a stream (for tests and the memory figures). */
  get idleDecoders(): number {
    return this.idle.length;
  }

  /** Creates decoders ahead of time so the first words of a new stream are not delayed. */
  warm(count: number): void {
    this.keepIdle = Math.max(this.keepIdle, count);
    while (this.idle.length < count) this.idle.push(this.createDecoder());
  }

  private createDecoder(): Decoder {
    const args = {
      hmm: this.files.hmm,
      lm: this.files.lm,
      dict: this.files.dict,
      ...DEFAULT_DECODER_ARGS,
      ...this.options.decoderArgs,
    };
    const forms = this.options.reducedForms ? REDUCED_FORMS : [];
    let ps: unknown;
    if (this.options.boostEnabled) {
      // The full dictionary (a boosted word may be one the model lacks), with the same weak forms.
      ps = this.lib.createDecoder({
        ...args,
        dict: modelWordsDictionary(args.dict, args.lm, 'all', undefined, forms),
      });
    } else {
      if (!this.shared) {
        const lm = this.lib.readLanguageModel(args);
        const dict = modelWordsDictionary(
          args.dict,
          args.lm,
          (w) => this.lib.languageModelHas(lm, w),
          undefined,
          forms,
        );
        this.shared = { lm, dict };
      }
      ps = this.lib.createDecoder({ ...args, dict: this.shared.dict }, this.shared.lm);
    }
    this.live += 1;
    return { ps, cmn: createCmnAdapter(ps), added: new Set() };
  }

  /** Frees a decoder, and the shared model after the last one once the engine is disposed. */
  private freeDecoder(ps: unknown): void {
    this.lib.freeDecoder(ps);
    this.live -= 1;
    this.freeSharedIfUnused();
  }

  private freeSharedIfUnused(): void {
    if (this.disposed && this.live === 0 && this.shared) {
      this.lib.freeLanguageModel(this.shared.lm);
      this.shared = undefined;
    }
  }

  open(streamOptions?: StreamOptions): PocketSphinxStream {
    const decoder = this.idle.pop() ?? this.createDecoder();
    return new PocketSphinxStream(this.lib, decoder, this.options, streamOptions?.cmnMean, {
      // A decoder that learnt someone's boost words is not handed to someone else.
      release: (d) => (d.added.size === 0 ? this.giveBack(d) : this.free(d)),
      fresh: () => this.createDecoder(),
      free: (ps) => this.freeDecoder(ps),
    });
  }

  private free(decoder: Decoder): void {
    this.freeDecoder(decoder.ps);
    this.lib.trimHeap();
  }

  private giveBack(decoder: Decoder): void {
    if (!this.disposed && this.idle.length < this.keepIdle) {
      this.idle.push(decoder);
      return;
    }
    this.free(decoder);
  }

  /** Frees the idle decoders; a stream still open frees its own when it closes. */
  dispose(): void {
    this.disposed = true;
    for (const d of this.idle.splice(0)) this.freeDecoder(d.ps);
    this.freeSharedIfUnused();
    this.lib.trimHeap();
  }
}

export class PocketSphinxStream implements RecognizerStream {
  private readonly vad: SileroVad;
  private readonly segmenter: Segmenter;
  private readonly ring: AudioRing;
  /** Samples not yet a whole VAD window. */
  private pending = new Int16Array(0);
  /** Absolute index of the first sample in `pending`. */
  private pendingStart = 0;
  private segment = -1;
  private utteranceStartSample = 0;
  private lastPartial = '';
  private closed = false;
  /** A boost list to apply before the next utterance starts. */
  private pendingBoost: readonly string[] | undefined;
  /** Whether any speech reached the decoder (its CMN learnt something of this speaker). */
  private heardSpeech = false;
  /** The mean when the stream closed (its decoder goes to someone else). */
  private lastMean: number[] | undefined;

  constructor(
    private readonly lib: PocketSphinxLib,
    private decoder: Decoder,
    private readonly options: PocketSphinxOptions,
    /** The speaker's mean from their last stream: CMN starts there instead of the model's prior. */
    private readonly cmnStart: readonly number[] | undefined,
    private readonly decoders: { release(d: Decoder): void; fresh(): Decoder; free(ps: unknown): void },
  ) {
    if (decoder.vad) decoder.vad.reset();
    else
      decoder.vad = new SileroVad({
        modelPath: options.vadModel,
        sampleRate: SAMPLE_RATE_HZ,
        threshold: options.vadThreshold,
        minSpeechMs: options.minSpeechMs,
        minSilenceMs: options.endpointSilenceMs,
      });
    this.vad = decoder.vad;
    this.segmenter = new Segmenter({
      sampleRate: SAMPLE_RATE_HZ,
      preRollMs: options.preRollMs,
      maxUtteranceMs: options.maxUtteranceMs,
    });
    this.ring = new AudioRing(this.segmenter.retainSamples + 4 * VAD_WINDOW_SAMPLES);
    this.resetCmn();
  }

  /** What this stream's CMN learnt of the speaker, for their next stream. */
  cmnMean(): number[] | undefined {
    return this.closed ? this.lastMean : this.decoder.cmn?.mean();
  }

  private resetCmn(): void {
    if (this.cmnStart && this.decoder.cmn) this.decoder.cmn.reset(this.options.cmnCarryFrames, this.cmnStart);
    else this.decoder.cmn?.reset(this.options.cmnPriorFrames);
  }

  accept(samples: Int16Array): RecognizerEvent[] {
    if (this.closed) throw new Error('stream is closed');
    this.ring.push(samples);
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const events: RecognizerEvent[] = [];
    let offset = 0;
    for (; offset + VAD_WINDOW_SAMPLES <= all.length; offset += VAD_WINDOW_SAMPLES) {
      const speech = this.vad.accept(all.subarray(offset, offset + VAD_WINDOW_SAMPLES));
      const end = this.pendingStart + offset + VAD_WINDOW_SAMPLES;
      this.apply(this.segmenter.window(end, speech), events);
    }
    this.pending = all.slice(offset);
    this.pendingStart += offset;
    if (this.segmenter.active) {
      const text = cleanHypothesis(this.lib.hyp(this.decoder.ps));
      if (text && text !== this.lastPartial) {
        this.lastPartial = text;
        events.push({
          kind: 'partial',
          segment: this.segment,
          text,
          startMs: this.toMs(this.utteranceStartSample),
          endMs: this.toMs(this.pendingStart),
        });
      }
    }
    return events;
  }

  flush(): RecognizerEvent[] {
    if (this.closed) return [];
    const events: RecognizerEvent[] = [];
    if (this.segmenter.active && this.pending.length > 0) {
      // The tail that never filled a VAD window still belongs to the utterance.
      this.lib.processRaw(this.decoder.ps, this.pending);
      this.pendingStart += this.pending.length;
      this.pending = new Int16Array(0);
    }
    this.apply(this.segmenter.flush(), events);
    return events;
  }

  close(): void {
    if (this.closed) return;
    if (this.segmenter.active) this.lib.endUtt(this.decoder.ps);
    // A stream that heard nobody learnt nothing: the next one starts where this one did.
    this.lastMean = this.heardSpeech ? this.decoder.cmn?.mean() : this.cmnStart?.slice();
    this.closed = true;
    this.decoders.release(this.decoder);
  }

  /**
   * Boosts `entries` from the next utterance on: now if none is under way, else when the current
   * one has ended (the decoder's dictionary and search change only between utterances).
   */
  setBoost(entries: readonly string[]): void {
    if (this.closed) return;
    this.pendingBoost = entries;
    if (!this.segmenter.active) this.applyBoost();
  }

  /** The words this stream's decoder was given by boost lists (for tests and logs). */
  boostedWords(): string[] {
    return [...this.decoder.added];
  }

  /** Whether the decoder's dictionary knows `word` (for tests). */
  knows(word: string): boolean {
    return this.lib.lookupWord(this.decoder.ps, word) !== undefined;
  }

  private applyBoost(): void {
    const entries = this.pendingBoost;
    this.pendingBoost = undefined;
    if (!entries || !this.options.boostEnabled) return;
    const wanted = new Map<string, string[] | undefined>();
    for (const token of boostTokens(entries)) {
      const known = this.lib.lookupWord(this.decoder.ps, token);
      const isOurs = this.decoder.added.has(token);
      if (known !== undefined && !isOurs) {
        if (this.options.boostKnownWords) wanted.set(token + BOOST_ALIAS_SUFFIX, known.split(' '));
      } else {
        wanted.set(token, undefined);
      }
    }
    // Words cannot be taken out of a decoder: a list that dropped some starts from a fresh one.
    // At most MAX_DECODER_BOOST_WORDS, the list's latest.
    const kept = [...wanted.keys()].slice(-MAX_DECODER_BOOST_WORDS);
    if ([...this.decoder.added].some((w) => !wanted.has(w) || !kept.includes(w))) {
      const old = this.decoder;
      this.decoder = this.decoders.fresh();
      // The VAD's state is the stream's, mid-stream: it goes along to the fresh decoder.
      this.decoder.vad = old.vad;
      this.resetCmn();
      this.decoders.free(old.ps);
    }
    const missing = kept.filter((w) => !this.decoder.added.has(w));
    const spoken = espeakPronunciations(missing.filter((w) => wanted.get(w) === undefined));
    const adds = missing
      .map((w) => ({ word: w, phones: wanted.get(w) ?? spoken.get(w) }))
      .filter((a): a is { word: string; phones: string[] } => a.phones !== undefined);
    adds.forEach((a, i) => {
      if (
        this.lib.addWord(
          this.decoder.ps,
          a.word,
          a.phones.join(' '),
          this.options.boostWeight,
          i === adds.length - 1,
          this.decoder.added.size,
        )
      )
        this.decoder.added.add(a.word);
    });
  }

  private apply(actions: SegmenterAction[], events: RecognizerEvent[]): void {
    for (const action of actions) {
      if (action.kind === 'start') {
        this.applyBoost();
        this.segment += 1;
        this.utteranceStartSample = action.fromSample;
        this.lastPartial = '';
        this.lib.startUtt(this.decoder.ps);
      } else if (action.kind === 'feed') {
        const audio = this.ring.slice(action.from, action.to);
        if (audio.length > 0) {
          this.lib.processRaw(this.decoder.ps, audio);
          this.decoder.cmn?.update();
          this.heardSpeech = true;
        }
      } else {
        this.lib.endUtt(this.decoder.ps);
        events.push(this.final());
      }
    }
  }

  private final(): RecognizerEvent {
    const base = this.toMs(this.utteranceStartSample);
    const words: WordTiming[] = [];
    for (const seg of this.lib.segments(this.decoder.ps)) {
      const w = cleanWord(seg.word);
      if (w)
        words.push({
          w,
          startMs: base + seg.startFrame * MS_PER_FRAME,
          endMs: base + (seg.endFrame + 1) * MS_PER_FRAME,
        });
    }
    const text = cleanHypothesis(this.lib.hyp(this.decoder.ps));
    return {
      kind: 'final',
      segment: this.segment,
      text,
      startMs: base,
      endMs: this.toMs(this.pendingStart),
      words,
    };
  }

  private toMs(sample: number): number {
    return Math.round((sample * 1000) / SAMPLE_RATE_HZ);
  }
}
