/**
 * Speaker identification in a room (issue 11, the beta solo_speaker_id): for a person who turned
 * it on, each final of their microphone's stream is given to the voice that spoke it, "Speaker
 * 1", "Speaker 2", ... as the room's named speakers (rooms/speakers.ts streamSpeaker: stored,
 * anyone may rename them, the person may claim one as themselves).
 *
 * Per person: the last KEPT_AUDIO_MS of the current stream (utterance times are offsets from the
 * stream's first sample, so a new recording starts the count again), the voices heard so far
 * (speaker-clusters.ts, kept across their recordings in this room, so Speaker 1 stays Speaker 1),
 * and the finals still being identified, passed on strictly in order. An utterance that cannot be
 * identified (too short before anyone was, the model failing) keeps the person as its speaker.
 */
import { SAMPLE_RATE_HZ } from '../../shared/constants';
import type { Transcript } from '../../shared/entities';
import { type ClusterOptions, SpeakerClusters, identifiedSpeakerLabel } from './speaker-clusters';

/** Audio kept to cut utterances from: longer than any utterance the endpointer lets through. */
export const KEPT_AUDIO_MS = 60_000;

export interface Embedder {
  embed(samples: Int16Array): Float32Array | undefined;
}

export interface IdentificationDeps {
  embedder: Embedder;
  /** The room's speaker for a person's label (RoomSpeakers.streamSpeaker). */
  speakerFor(person: string, label: string): Promise<{ avaId: string; name: string }>;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  clusters?: ClusterOptions;
}

/** One stream's recent audio, addressed by sample position from the stream's start. */
export class StreamAudio {
  private chunks: { at: number; samples: Int16Array }[] = [];
  private end = 0;

  constructor(private readonly keepSamples = (KEPT_AUDIO_MS * SAMPLE_RATE_HZ) / 1000) {}

  write(samples: Int16Array): void {
    this.chunks.push({ at: this.end, samples: samples.slice() });
    this.end += samples.length;
    while (this.chunks.length > 1 && this.chunks[1]!.at <= this.end - this.keepSamples) this.chunks.shift();
  }

  /** Samples [startMs, endMs) of the stream, as far as they are still kept. */
  cut(startMs: number, endMs: number): Int16Array {
    const from = Math.max(0, Math.floor((startMs * SAMPLE_RATE_HZ) / 1000));
    const to = Math.min(this.end, Math.ceil((endMs * SAMPLE_RATE_HZ) / 1000));
    if (to <= from) return new Int16Array(0);
    const out = new Int16Array(to - from);
    let filled = 0;
    for (const { at, samples } of this.chunks) {
      const lo = Math.max(from, at);
      const hi = Math.min(to, at + samples.length);
      if (hi <= lo) continue;
      out.set(samples.subarray(lo - at, hi - at), lo - from);
      filled = Math.max(filled, hi - from);
    }
    // Audio older than what is kept is missing at the start: only the kept part is returned.
    const first = this.chunks[0]?.at ?? 0;
    return from < first ? out.subarray(first - from, filled) : out.subarray(0, filled);
  }
}

interface Person {
  audio: StreamAudio;
  clusters: SpeakerClusters;
  pending: Promise<void>;
}

export class SpeakerIdentification {
  private readonly people = new Map<string, Person>();

  constructor(private readonly deps: IdentificationDeps) {}

  /** A new recording of this person: its audio is counted from zero again. */
  startStream(person: string): void {
    const known = this.people.get(person);
    if (known) known.audio = new StreamAudio();
    else
      this.people.set(person, {
        audio: new StreamAudio(),
        clusters: new SpeakerClusters(this.deps.clusters),
        pending: Promise.resolve(),
      });
  }

  isOn(person: string): boolean {
    return this.people.has(person);
  }

  write(person: string, samples: Int16Array): void {
    this.people.get(person)?.audio.write(samples);
  }

  /** A final of the person's stream: `commit` gets it, as the identified speaker's, in order. */
  final(person: string, line: Transcript, commit: (line: Transcript) => void): void {
    const p = this.people.get(person);
    if (!p) {
      commit(line);
      return;
    }
    const label = this.labelOf(p, line);
    p.pending = p.pending.then(async () => {
      if (!label) return commit(line);
      try {
        const speaker = await this.deps.speakerFor(person, label);
        commit({ ...line, author: speaker.avaId, authorShow: speaker.name, sourceAuthor: person });
      } catch (error) {
        this.deps.log('warn', 'speaker identification: the line stays the person’s', {
          error: (error as Error).message,
        });
        commit(line);
      }
    });
  }

  /** Resolves once every final of the person given so far has been committed. */
  settled(person: string): Promise<void> {
    return this.people.get(person)?.pending ?? Promise.resolve();
  }

  /** Decided at once (the audio is cut now, before the stream moves on); only naming waits. */
  private labelOf(p: Person, line: Transcript): string | undefined {
    const text = line.texts[line.speechLang] ?? '';
    if (!text) return undefined;
    const endMs = line.asr?.endMs ?? line.t0;
    let embedding: Float32Array | undefined;
    try {
      embedding = this.deps.embedder.embed(p.audio.cut(line.t0, endMs));
    } catch (error) {
      this.deps.log('warn', 'speaker identification: embedding failed', { error: (error as Error).message });
    }
    const assigned = p.clusters.assign(embedding);
    return assigned ? identifiedSpeakerLabel(assigned.speaker) : undefined;
  }
}
