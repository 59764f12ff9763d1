/**
 * The sherpa-onnx engine: streaming zipformer transducers (encoder, decoder, joiner, tokens)
 * through sherpa-onnx-node's OnlineRecognizer, with the recognizer's own endpointing deciding
 * where a caption line ends (settings and their reasons in config.ts).
 *
 * Time: sherpa-onnx reports a segment's start in seconds from the stream start and each token's
 * time from the segment start. We report milliseconds from the start of the audio fed to the
 * stream, with the silence that flush() adds taken back out.
 */
import { DEFAULT_SPEECH_LANG, SAMPLE_RATE_HZ } from '../../../shared/constants';
import { modelInstallState } from '../models/installed';
import {
  DEFAULT_SHERPA_MODEL,
  downloadCommand,
  ENGLISH,
  findModel,
  isValidModelName,
} from '../models/registry';
import {
  EngineUnavailableError,
  type EngineSpec,
  type RecognizerEvent,
  type RecognizerStream,
  type SpeechEngine,
  type StreamOptions,
} from '../types';
import { loadSherpaOnnx, type OnlineRecognizer, type OnlineResult, type OnlineStream } from './binding';
import { DEFAULT_SHERPA_ONNX_OPTIONS, recognizerConfig, type SherpaOnnxOptions } from './config';
import { captionText, tokensToWords } from './text';
import { HotwordRecognizers, HotwordWriter } from './hotwords';
import { boostTokens } from '../boost/tokens';
import type { ModelFilePaths } from '../models/installed';

const SAMPLES_PER_MS = SAMPLE_RATE_HZ / 1000;

function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

export class SherpaOnnxEngine implements SpeechEngine {
  readonly id: string;
  readonly kind = 'sherpa-onnx' as const;
  readonly langs: readonly string[];
  private recognizer: OnlineRecognizer | undefined;
  private readonly options: SherpaOnnxOptions;
  private readonly files: ModelFilePaths;
  private hotwordWriter: HotwordWriter | undefined;
  private readonly boosted: HotwordRecognizers<OnlineRecognizer>;

  constructor(spec: EngineSpec, options: Partial<SherpaOnnxOptions> = {}) {
    const name = spec.model ?? DEFAULT_SHERPA_MODEL;
    if (!isValidModelName(name)) {
      throw new Error(`"${name}" is not a model name: a model is a folder directly inside ${spec.modelsDir}`);
    }
    this.options = { ...DEFAULT_SHERPA_ONNX_OPTIONS, ...options };
    this.id = `sherpa-onnx:${name}`;
    // Models outside the registry are assumed English: every streaming transducer we ship is.
    this.langs = findModel(name)?.languages ?? ENGLISH;

    // The model is checked before the addon is loaded: it is the likelier thing to be missing,
    // and its message is the more useful one.
    const state = modelInstallState(spec.modelsDir, name);
    if (!state.installed) {
      const what = state.missingDir
        ? `sherpa-onnx model "${name}" is not installed (no folder ${state.dir})`
        : `sherpa-onnx model "${name}" in ${state.dir} is incomplete: no ${state.missing
            .map((m) => `${m.role} file (${m.wanted})`)
            .join(', no ')}`;
      throw new EngineUnavailableError(what, downloadCommand(name));
    }
    const sherpa = loadSherpaOnnx();
    this.files = state.files;
    this.boosted = new HotwordRecognizers(this.options.maxBoostRecognizers, (tokens) => {
      this.hotwordWriter ??= new HotwordWriter(this.files.tokens);
      return new sherpa.OnlineRecognizer(
        recognizerConfig(this.files, this.options, this.hotwordWriter.write(tokens)),
      );
    });
    try {
      this.recognizer = new sherpa.OnlineRecognizer(recognizerConfig(state.files, this.options));
    } catch (error) {
      throw new Error(
        `sherpa-onnx could not load model "${name}" from ${state.dir}: ${(error as Error).message}. ` +
          `The files may be damaged: delete the folder and run ${downloadCommand(name)}`,
      );
    }
  }

  open(options: StreamOptions = { lang: DEFAULT_SPEECH_LANG }): RecognizerStream {
    if (!this.recognizer) throw new Error(`${this.id} has been disposed`);
    const wanted = primaryLanguage(options.lang);
    if (!this.langs.some((l) => primaryLanguage(l) === wanted)) {
      throw new RangeError(
        `${this.id} does not recognise ${options.lang}; it knows ${this.langs.join(', ')}`,
      );
    }
    const plain = this.recognizer;
    return new SherpaOnnxStream(this.recognizer, this.options, (tokens) =>
      tokens.length === 0 ? plain : this.boosted.get(tokens),
    );
  }

  /** Native memory is freed by the addon's finalizers once nothing refers to the recognizer. */
  dispose(): void {
    this.recognizer = undefined;
    this.boosted.clear();
    this.hotwordWriter?.dispose();
    this.hotwordWriter = undefined;
  }
}

export class SherpaOnnxStream implements RecognizerStream {
  private stream: OnlineStream | undefined;
  /** Utterances finalised so far: the segment number of the next event. */
  private segment = 0;
  /** Real audio fed, in samples (flush padding excluded). */
  private fedSamples = 0;
  /** Silence added by flush() so far, in ms of sherpa-onnx's timeline. */
  private paddingMs = 0;
  private lastPartial = '';
  private partialSent = false;
  /** Where the current native stream began on our timeline (ms of real audio fed before it). */
  private streamBaseMs = 0;
  /** Real audio fed to the current native stream, in samples. */
  private streamSamples = 0;
  /** A boost list's tokens to move to at the next utterance boundary. */
  private pendingBoost: string[] | undefined;
  private boost: string[] = [];

  constructor(
    private recognizer: OnlineRecognizer,
    private readonly options: SherpaOnnxOptions,
    private readonly recognizerFor: (tokens: readonly string[]) => OnlineRecognizer,
  ) {
    this.stream = recognizer.createStream();
  }

  /**
   * Hotwords from the next utterance on: the stream moves to the list's recognizer at the next
   * boundary (an endpoint, a flush, or now if no audio has come since the last one).
   */
  setBoost(words: readonly string[]): void {
    if (!this.stream) return;
    this.pendingBoost = boostTokens(words);
    if (this.streamSamples === 0 || (!this.partialSent && this.atBoundary)) this.switchRecognizer();
  }

  /** The hotwords the stream decodes with now (for tests and logs). */
  activeBoost(): string[] {
    return [...this.boost];
  }

  /** No audio since the last utterance ended. */
  private atBoundary = true;

  private switchRecognizer(): void {
    const tokens = this.pendingBoost;
    this.pendingBoost = undefined;
    if (!tokens || HotwordRecognizers.key(tokens) === HotwordRecognizers.key(this.boost)) return;
    this.recognizer = this.recognizerFor(tokens);
    this.boost = tokens;
    // A new native stream counts time from 0 again: from here on our timeline.
    this.streamBaseMs += this.streamSamples / SAMPLES_PER_MS;
    this.streamSamples = 0;
    this.paddingMs = 0;
    this.stream = this.recognizer.createStream();
  }

  accept(samples: Int16Array): RecognizerEvent[] {
    const stream = this.live();
    this.atBoundary = false;
    const floats = new Float32Array(samples.length);
    for (let i = 0; i < samples.length; i++) floats[i] = samples[i]! / 32768;
    stream.acceptWaveform({ samples: floats, sampleRate: SAMPLE_RATE_HZ });
    this.fedSamples += samples.length;
    this.streamSamples += samples.length;
    const events = this.decodeReady(stream);
    const partial = this.partial(this.live());
    if (partial) events.push(partial);
    return events;
  }

  flush(): RecognizerEvent[] {
    if (!this.stream) return [];
    const stream = this.stream;
    const paddingSamples = Math.round(this.options.flushPaddingMs * SAMPLES_PER_MS);
    stream.acceptWaveform({ samples: new Float32Array(paddingSamples), sampleRate: SAMPLE_RATE_HZ });
    const events = this.decodeReady(stream);
    this.finish(stream, events);
    // Only now: the utterance just finalised lies before the padding.
    this.paddingMs += paddingSamples / SAMPLES_PER_MS;
    this.atBoundary = true;
    if (this.pendingBoost) this.switchRecognizer();
    return events;
  }

  close(): void {
    this.stream = undefined;
  }

  private live(): OnlineStream {
    if (!this.stream) throw new Error('stream is closed');
    return this.stream;
  }

  /** Decodes every complete chunk, checking for an endpoint after each so none is missed. */
  private decodeReady(stream: OnlineStream): RecognizerEvent[] {
    const events: RecognizerEvent[] = [];
    while (this.recognizer.isReady(stream)) {
      this.recognizer.decode(stream);
      if (this.recognizer.isEndpoint(stream)) {
        this.finish(stream, events);
        // A new boost list starts with the next utterance. The old stream's few undecoded
        // frames after the endpoint (under one chunk, no words yet) are not carried over.
        if (this.pendingBoost) {
          this.switchRecognizer();
          return events;
        }
      }
    }
    return events;
  }

  private partial(stream: OnlineStream): RecognizerEvent | undefined {
    const event = this.event('partial', this.recognizer.getResult(stream));
    if (!event.text || event.text === this.lastPartial) return undefined;
    this.lastPartial = event.text;
    this.partialSent = true;
    return event;
  }

  /**
   * Ends the segment. A final is emitted when there are words, or when a partial was shown (an
   * empty final then clears it); stretches of silence that the endpoint rules cut emit nothing.
   */
  private finish(stream: OnlineStream, events: RecognizerEvent[]): void {
    const event = this.event('final', this.recognizer.getResult(stream));
    if (event.text || this.partialSent) {
      events.push(event);
      this.segment++;
    }
    this.recognizer.reset(stream);
    this.lastPartial = '';
    this.partialSent = false;
  }

  private event(kind: RecognizerEvent['kind'], result: OnlineResult): RecognizerEvent {
    const audioEndMs = Math.round(this.fedSamples / SAMPLES_PER_MS);
    const segmentStartMs = this.streamBaseMs + result.start_time * 1000 - this.paddingMs;
    const words = tokensToWords(
      result.tokens,
      result.timestamps.map((t) => segmentStartMs + t * 1000),
      { audioEndMs, maxTailMs: this.options.maxWordTailMs },
    );
    const text = captionText(words, result.tokens, result.text);
    const startMs = words[0]?.startMs ?? Math.min(audioEndMs, Math.max(0, Math.round(segmentStartMs)));
    const endMs = Math.max(startMs, words[words.length - 1]?.endMs ?? audioEndMs);
    const event: RecognizerEvent = { kind, segment: this.segment, text, startMs, endMs };
    if (words.length > 0) event.words = words;
    return event;
  }
}

export function createSherpaOnnxEngine(
  spec: EngineSpec,
  options: Partial<SherpaOnnxOptions> = {},
): SpeechEngine {
  return new SherpaOnnxEngine(spec, options);
}
