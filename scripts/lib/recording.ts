/**
 * One measured recording, as the benchmarks make it: start audio, stream the samples paced
 * like a microphone, keep sending silence until the last line is final (as a live microphone
 * would), stop, and wait until the server confirms every final of the recording was sent.
 */
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../../src/shared/constants';
import { messagesChurn, type Churn } from './churn';
import { firmRewrites, stableWordLatencies } from './firm-figures';
import { recordingLatency, SendLog, type RecordingLatency, type TimedTranscript } from './latency';
import { speechEndSample } from './speech-end';
import { ChunkPacer } from './pacer';
import { streamAudio, type CaptionClient } from './socket-client';

export interface MeasuredRecording extends RecordingLatency {
  /**
   * Last final's arrival minus the send time of the chunk holding the end of the last spoken
   * word, found in the audio by speech-end.ts (undefined: no final, or no speech found).
   */
  finalLatencyMs: number | undefined;
  /** Words shown and later changed, over the recording's lines (churn.ts). */
  churn: Churn;
  /** Per final word, from the send of its end to it becoming firm (firm-figures.ts). */
  stableWordLatenciesMs: number[];
  /** Firm words the recogniser changed afterwards (firm-figures.ts): 0 by construction. */
  firmRewritten: number;
  /** The server would not start this recording (its error code): nothing was measured. */
  refused?: string;
}

/** How a recording reaches the room: PCM frames on the socket by default, or WebRTC. */
export interface RecordingTransport {
  start(): void | Promise<void>;
  sendAudio(samples: Int16Array): void;
  stop(): void | Promise<void>;
}

export function socketTransport(client: CaptionClient): RecordingTransport {
  return {
    start: () => client.startAudio(),
    sendAudio: (samples) => client.sendAudio(samples),
    stop: () => client.stopAudio(),
  };
}

export async function measureRecording(
  client: CaptionClient,
  samples: Int16Array,
  options: { speed: number; trailingSilenceMs: number; transport?: RecordingTransport },
): Promise<MeasuredRecording> {
  const { speed } = options;
  const transport = options.transport ?? socketTransport(client);
  const sent = new SendLog();
  const messages: TimedTranscript[] = [];
  const off = client.onMessage((r) => {
    if (r.message.type === 'transcript') messages.push({ atMs: r.atMs, transcript: r.message.transcript });
  });
  const mark = client.received.length;
  try {
    await transport.start();
    // The server may refuse to start (its decoder cap, say): a speaker told so, not measured.
    const started = await client.waitFor(
      (m) =>
        (m.type === 'room-status-update' &&
          m.reason === 'audio-stream-started' &&
          m.status.audioStreams.some((s) => s.avaId === client.user.avaId)) ||
        (m.type === 'error' && m.inReplyTo === 'audio'),
      30_000,
      mark,
    );
    if (started.type === 'error') {
      return {
        ...recordingLatency([], sent),
        finalLatencyMs: undefined,
        churn: messagesChurn([]),
        stableWordLatenciesMs: [],
        firmRewritten: 0,
        refused: started.error.code,
      };
    }
    // One clock for the speech and the silence after it, as from a microphone.
    const pacer = new ChunkPacer(speed);
    await streamAudio(transport, samples, { speed, pacer, onChunk: (first, at) => sent.record(first, at) });
    // From the end of the last word, not of the file: silence at the end of a recording would
    // otherwise count as the recogniser's head start (and gave negative final latencies).
    const speechEnd = speechEndSample(samples, { sampleRate: SAMPLE_RATE_HZ });
    const endSentAt = speechEnd === undefined ? undefined : sent.sentAt(speechEnd - 1);
    // Silence until no line is open: the newest caption message is a final.
    const silence = new Int16Array(Math.round((options.trailingSilenceMs * SAMPLE_RATE_HZ) / 1000));
    const padded = Math.ceil(samples.length / CHUNK_SAMPLES) * CHUNK_SAMPLES;
    const settled = () => messages.length > 0 && messages.at(-1)!.transcript.isFinal;
    for (let i = 0; i < silence.length && !settled(); i += CHUNK_SAMPLES) {
      await streamAudio(transport, silence.subarray(i, i + CHUNK_SAMPLES), {
        speed,
        pacer,
        onChunk: (first, at) => sent.record(padded + i + first, at),
      });
    }
    await transport.stop();
    await client.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-stopped',
      120_000,
      mark,
    );
    const result = recordingLatency(messages, sent);
    return {
      ...result,
      finalLatencyMs:
        result.lastFinalAtMs === undefined || endSentAt === undefined
          ? undefined
          : result.lastFinalAtMs - endSentAt,
      churn: messagesChurn(messages),
      stableWordLatenciesMs: stableWordLatencies(messages, sent),
      firmRewritten: firmRewrites(messages).rewritten,
    };
  } finally {
    off();
  }
}
