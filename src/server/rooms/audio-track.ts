/**
 * One speaker's audio stream in a room: feeds the speech pool and turns its results into the
 * spec's Transcript shape. Partials and the final of one utterance share an id, so captions
 * update in place; each utterance takes the room's next index when its first words appear.
 * Every result goes through the utterance's LocalAgreement first: a partial carries how many of
 * its words are firm, and no later result (the final included) changes a firm word.
 */
import { readableCaption } from '../../shared/caption-case';
import { withBoostedCase } from '../../shared/boost-words';
import { PARTIAL_THROTTLE_MS } from '../../shared/constants';
import type { Transcript } from '../../shared/entities';
import type { PoolStream } from '../../native/speech/pool';
import type { RecognizerEvent } from '../../native/speech/types';
import { Throttle, type Timers, realTimers } from './throttle';
import { LocalAgreement } from './local-agreement';

export interface TrackContext {
  trackId: string;
  author: string;
  authorShow: string;
  /** Whose device the stream comes from, when its lines are shown as another speaker's (computer audio). */
  sourceAuthor?: string;
  lang: string;
  usePaidASR: boolean;
  /** Server time when the track's first sample arrived; utterance times are offsets from it. */
  startWallMs: number;
  allocateIndex(): number;
  /** A partial to show now (droppable for slow clients). */
  onPartial(t: Transcript): void;
  /** A final to persist and then show. Empty text means "remove the partial". */
  onFinal(t: Transcript): void;
  onError(message: string): void;
  timers?: Timers;
  /** How long hypotheses must agree on a word for it to be firm (local-agreement.ts; tests shorten it). */
  firmAgreementMs?: number;
}

export class AudioTrack {
  private readonly indexBySegment = new Map<number, number>();
  private readonly throttles = new Map<number, Throttle<Transcript>>();
  /** Each open utterance's firm words. */
  private readonly agreements = new Map<number, LocalAgreement>();
  /** The partial last shown for each open utterance, for people who join mid-sentence. */
  private readonly shown = new Map<number, Transcript>();
  private stream: PoolStream | undefined;
  /** The speaker's boost list as typed: its entries are written that way in captions. */
  private boostedCase: readonly string[] = [];
  /** Kept after close: the last final arrives after the stream is let go. */
  private engine = '';
  private readonly timers: Timers;

  constructor(readonly context: TrackContext) {
    this.timers = context.timers ?? realTimers;
  }

  attach(stream: PoolStream): void {
    this.stream = stream;
    this.engine = stream.engineId;
  }

  get engineId(): string {
    return this.engine;
  }

  get backlogSamples(): number {
    return this.stream?.backlogSamples ?? 0;
  }

  write(samples: Int16Array): void {
    this.stream?.write(samples);
  }

  /** Vocabulary boost: the speaker's boost list, from their next utterance on (docs/boost.md). */
  boost(words: readonly string[]): void {
    // Engines match in lower case; captions write the entries as the person typed them.
    this.boostedCase = [...words];
    this.stream?.boost(words);
  }

  /** Recognition favours a boost list now (Room status `boost`). */
  get boosted(): boolean {
    return this.boostedCase.length > 0;
  }

  /** Ends the utterance in progress (reset-recorder): its final follows. */
  flush(): void {
    this.stream?.flush();
  }

  /** Stops the track; resolves after the last utterance's final has gone through onFinal. */
  close(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    return stream ? stream.close() : Promise.resolve();
  }

  handle(event: RecognizerEvent): void {
    const c = this.context;
    let agreement = this.agreements.get(event.segment);
    if (!agreement) {
      agreement = new LocalAgreement(c.firmAgreementMs);
      this.agreements.set(event.segment, agreement);
    }
    if (event.kind === 'partial') {
      const line = agreement.partial(event.text, event.endMs);
      const transcript = this.toTranscript(
        { ...event, text: line.words.join(' ') },
        this.indexFor(event.segment),
        line.firm,
      );
      let throttle = this.throttles.get(event.segment);
      if (!throttle) {
        const segment = event.segment;
        throttle = new Throttle(
          PARTIAL_THROTTLE_MS,
          (t) => {
            this.shown.set(segment, t);
            c.onPartial(t);
          },
          this.timers,
        );
        this.throttles.set(event.segment, throttle);
      }
      throttle.push(transcript);
      return;
    }
    this.throttles.get(event.segment)?.cancel();
    this.throttles.delete(event.segment);
    this.shown.delete(event.segment);
    this.agreements.delete(event.segment);
    const line = agreement.final(event.text, event.words);
    const text = line.words.join(' ');
    const shown = this.indexBySegment.has(event.segment);
    if (!text && !shown) return; // noise that never became words
    const words = line.timings ?? (text === event.text ? event.words : undefined);
    c.onFinal(this.toTranscript({ ...event, text, words }, this.indexFor(event.segment)));
    this.indexBySegment.delete(event.segment);
  }

  /** An utterance is in progress: its words have appeared and its final has not. */
  get speaking(): boolean {
    return this.indexBySegment.size > 0;
  }

  /** Partials currently on screen (lines not yet final). */
  openPartials(): Transcript[] {
    return [...this.shown.values()];
  }

  private indexFor(segment: number): number {
    let index = this.indexBySegment.get(segment);
    if (index === undefined) {
      index = this.context.allocateIndex();
      this.indexBySegment.set(segment, index);
    }
    return index;
  }

  private toTranscript(event: RecognizerEvent, index: number, firmWords?: number): Transcript {
    const c = this.context;
    const isFinal = event.kind === 'final';
    return {
      id: `${c.trackId}.${event.segment}`,
      isFinal,
      author: c.author,
      authorShow: c.authorShow,
      origin: 'asr',
      speechLang: c.lang,
      texts: { [c.lang]: withBoostedCase(readableCaption(event.text, c.lang, isFinal), this.boostedCase) },
      asr: {
        final: isFinal,
        timeReceivedMs: this.timers.now(),
        engine: this.engineId,
        endMs: event.endMs,
        ...(event.words ? { words: event.words } : {}),
      },
      ...(firmWords === undefined ? {} : { firmWords }),
      usePaidASR: c.usePaidASR,
      index,
      timestampMs: c.startWallMs + event.startMs,
      t0: event.startMs,
      trackName: c.trackId,
      ...(c.sourceAuthor ? { sourceAuthor: c.sourceAuthor } : {}),
    };
  }
}
