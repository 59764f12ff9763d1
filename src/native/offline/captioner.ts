/**
 * Offline captions of one recording session: feeds an engine stream and turns its results into
 * Transcripts. Partials and the final of one utterance share an id (captions update in place);
 * each utterance gets the next index; partials are sent at most every PARTIAL_THROTTLE_MS per
 * line (the final always), as the server does.
 */
import { readableCaption } from '../../shared/caption-case';
import { PARTIAL_THROTTLE_MS } from '../../shared/constants';
import type { Transcript } from '../../shared/entities';
import type { RecognizerEvent, RecognizerStream, SpeechEngine } from '../speech/types';

export interface CaptionerOptions {
  lang: string;
  author: string;
  authorShow: string;
  /** Names the session in transcript ids (`offline-<start ms>.<segment>`). */
  sessionId: string;
  now: () => number;
}

export class OfflineCaptioner {
  private readonly stream: RecognizerStream;
  private readonly startWallMs: number;
  private readonly indexBySegment = new Map<number, number>();
  private readonly lastPartialAt = new Map<number, number>();
  private nextIndex = 0;

  constructor(
    readonly engine: SpeechEngine,
    private readonly options: CaptionerOptions,
  ) {
    this.stream = engine.open({ lang: options.lang });
    this.startWallMs = options.now();
  }

  accept(samples: Int16Array): Transcript[] {
    return this.toTranscripts(this.stream.accept(samples));
  }

  /** Ends the session: the open line's final, then the stream is released. */
  finish(): Transcript[] {
    const out = this.toTranscripts(this.stream.flush());
    this.stream.close();
    return out;
  }

  private toTranscripts(events: readonly RecognizerEvent[]): Transcript[] {
    const out: Transcript[] = [];
    for (const event of events) {
      const now = this.options.now();
      if (event.kind === 'partial') {
        const last = this.lastPartialAt.get(event.segment);
        if (last !== undefined && now - last < PARTIAL_THROTTLE_MS) continue;
        this.lastPartialAt.set(event.segment, now);
        out.push(this.transcript(event, now));
        continue;
      }
      this.lastPartialAt.delete(event.segment);
      // Noise that never became words: nothing was shown, nothing to end.
      if (!event.text && !this.indexBySegment.has(event.segment)) continue;
      out.push(this.transcript(event, now));
      this.indexBySegment.delete(event.segment);
    }
    return out;
  }

  private transcript(event: RecognizerEvent, now: number): Transcript {
    let index = this.indexBySegment.get(event.segment);
    if (index === undefined) {
      index = this.nextIndex++;
      this.indexBySegment.set(event.segment, index);
    }
    const { lang, author, authorShow, sessionId } = this.options;
    const isFinal = event.kind === 'final';
    return {
      id: `${sessionId}.${event.segment}`,
      isFinal,
      author,
      authorShow,
      origin: 'asr',
      speechLang: lang,
      texts: { [lang]: readableCaption(event.text, lang, isFinal) },
      asr: {
        final: isFinal,
        timeReceivedMs: now,
        engine: this.engine.id,
        endMs: event.endMs,
        ...(event.words ? { words: event.words } : {}),
      },
      usePaidASR: false,
      index,
      timestampMs: this.startWallMs + event.startMs,
      t0: event.startMs,
      trackName: sessionId,
    };
  }
}
