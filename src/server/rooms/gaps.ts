/**
 * Speech lost while a speaker's connection was down cannot be captioned, but it must not vanish
 * without a trace: every reader (live, late, and of the transcript afterwards) sees a mark saying
 * whose captions stopped, from when to when. The room adds one when a recording resumes after a
 * lost connection (the client says so in its recording start).
 */
import type { Transcript, TranscriptGap } from '../../shared/entities';

/** A shorter interruption lost at most a word or two: not worth a line in everyone's captions. */
export const MIN_GAP_MS = 2000;

/**
 * The span to mark. The server's own record of the last audio it received before the connection
 * was lost is the best start; after a server restart only the client's estimate is left. Either
 * is kept within the room's life and the present.
 */
export function gapSpan(facts: {
  /** When this server last received the speaker's audio before their connection was lost. */
  lastAudioAtMs: number | undefined;
  /** The client's estimate of when its connection was lost (server clock). */
  clientFromMs: number;
  nowMs: number;
  roomStartMs: number;
}): Pick<TranscriptGap, 'fromMs' | 'toMs'> | undefined {
  const from = Math.min(facts.nowMs, Math.max(facts.roomStartMs, facts.lastAudioAtMs ?? facts.clientFromMs));
  if (facts.nowMs - from < MIN_GAP_MS) return undefined;
  return { fromMs: Math.round(from), toMs: Math.round(facts.nowMs) };
}

/** The mark itself: a final with no text, placed in the room's order like a caption. */
export function gapMarker(m: {
  id: string;
  author: string;
  authorShow: string;
  lang: string;
  index: number;
  span: Pick<TranscriptGap, 'fromMs' | 'toMs'>;
}): Transcript {
  return {
    id: m.id,
    isFinal: true,
    author: m.author,
    authorShow: m.authorShow,
    origin: 'asr',
    speechLang: m.lang,
    texts: {},
    usePaidASR: false,
    index: m.index,
    timestampMs: m.span.fromMs,
    t0: 0,
    trackName: 'gap',
    gap: { ...m.span, reason: 'connection-lost' },
  };
}
