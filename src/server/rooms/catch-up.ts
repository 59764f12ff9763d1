/**
 * The pure rules of held audio (docs/transcripts.md "Held audio"): which of a speaker's audio
 * the room has already heard, so audio sent twice is decoded once (CaptureLedger), and where a
 * line captioned late goes among the lines already shown (lateIndex).
 */
import type { RecordingCapture, Transcript } from '../../shared/entities';

/** Where one stream is in its capture: its speaker, the capture, the offset of its next sample. */
interface StreamPosition {
  avaId: string;
  captureId: string;
  next: number;
}

/**
 * How far the room has heard each speaker's microphone capture, in samples. A client keeps one
 * capture running through dropped connections and says, at each recording start, where its
 * frames begin in it (RecordingStartMetadata.capture). Audio that reached the server before the
 * drop is also in what the client held (it could not know it arrived), and a dead socket's last
 * frames may still come in after the held audio: whatever lies below the mark is dropped here, so
 * every sample is decoded once.
 */
export class CaptureLedger {
  /** By avaId (a reconnection is a new member): the capture last heard and how far. */
  private readonly heard = new Map<string, { captureId: string; to: number }>();
  /** By stream (any object standing for it). */
  private readonly streams = new WeakMap<object, StreamPosition>();

  /** Samples of `capture` this speaker's audio already reached (0: none, or another capture). */
  heardTo(avaId: string, captureId: string): number {
    const mark = this.heard.get(avaId);
    return mark?.captureId === captureId ? mark.to : 0;
  }

  /**
   * A stream of `avaId` starts at `capture`: its frames are checked from now on. Returns how many
   * of its first samples the room has heard already.
   */
  begin(stream: object, avaId: string, capture: Pick<RecordingCapture, 'id' | 'offsetSamples'>): number {
    this.streams.set(stream, { avaId, captureId: capture.id, next: capture.offsetSamples });
    return Math.max(0, this.heardTo(avaId, capture.id) - capture.offsetSamples);
  }

  /** `to` takes over from `from` in the same capture (a recogniser restarted under a stream). */
  carry(from: object, to: object): void {
    const position = this.streams.get(from);
    if (position) this.streams.set(to, { ...position });
  }

  /**
   * The part of `samples` (the stream's next ones) not heard before, noted as heard now. A
   * stream that never began (a client that sends no capture) is passed through.
   */
  trim(stream: object, samples: Int16Array): Int16Array {
    const position = this.streams.get(stream);
    if (!position) return samples;
    const from = position.next;
    position.next += samples.length;
    const heardTo = this.heardTo(position.avaId, position.captureId);
    if (position.next > heardTo)
      this.heard.set(position.avaId, { captureId: position.captureId, to: position.next });
    const skip = Math.min(samples.length, Math.max(0, heardTo - from));
    return skip === 0 ? samples : samples.subarray(skip);
  }
}

/**
 * The index of a line captioned late, said at `timestampMs`: that of the first line (in caption
 * order) said after it, which it then sorts just before (caption order is index, then start
 * time); undefined when every line was said before it (it takes the room's next index, at the
 * end). `lines` are the room's lines as readers hold them: stored finals, finals being stored,
 * lines being spoken.
 */
export function lateIndex(
  lines: Iterable<Pick<Transcript, 'index' | 'timestampMs'>>,
  timestampMs: number,
): number | undefined {
  let index: number | undefined;
  for (const line of lines) {
    if (line.timestampMs > timestampMs && line.index >= 0 && (index === undefined || line.index < index))
      index = line.index;
  }
  return index;
}
