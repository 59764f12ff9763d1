/**
 * npm run bench:webrtc -- [--dir DIR] [--speed N] [--limit N] [--loss RATE] [--seed N]
 *
 * WebRTC audio against the socket path, on the same recordings through the same server: each
 * WAV of DIR/transcripts.tsv (default: the shared dev set) is spoken three times, paced like a
 * microphone: as PCM frames on the socket, as Opus over a WebRTC peer connection (a werift
 * peer, encoding as a browser does: 20 ms packets, about 32 kbps, in-band FEC), and over WebRTC
 * again with RATE (default 5%) of the packets lost at random (seeded: every run loses the same
 * ones; the receiver conceals and recovers them from FEC). Prints, as its last line, one JSON
 * object: word error rate and word/final latency of each path, and the upstream bandwidth of
 * one stream (payload, and on the wire with the headers of each packet or frame).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CHUNK_LENGTH_MS, SAMPLE_RATE_HZ } from '../src/shared/constants';
import { parseWav } from '../src/shared/wav';
import { corpusWordErrorRate } from '../src/shared/wer';
import { percentile } from './lib/latency';
import { parseSpeed } from './lib/pacer';
import { type MeasuredRecording, type RecordingTransport, measureRecording } from './lib/recording';
import { startServerProcess } from './lib/server-process';
import { CaptionClient, createGuest } from './lib/socket-client';
import { readTranscripts, speechDir } from './lib/speech-dir';
import { RTP_PACKET_OVERHEAD_BYTES, WebRtcSender, seededRandom } from './lib/webrtc-sender';

const TRAILING_SILENCE_MS = 1500;
/** A client's WebSocket binary frame header (2 bytes, 2 of length, 4 of mask) and TCP/IPv4 headers of its two segments. */
const PCM_FRAME_OVERHEAD_BYTES = 8 + 2 * 40;

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    speed: { type: 'string', default: '1' },
    limit: { type: 'string' },
    loss: { type: 'string', default: '0.05' },
    seed: { type: 'string', default: '16' },
    quiet: { type: 'boolean', default: false },
  },
});

const speed = parseSpeed(values.speed);
const lossRate = Number(values.loss);
if (!(lossRate >= 0 && lossRate < 1))
  throw new Error(`--loss must be a share from 0 to 1, got "${values.loss}"`);
const dir = resolve(values.dir ?? join(speechDir(), 'dev'));
const items = readTranscripts(dir, values.limit ? Number(values.limit) : undefined);

// Candidates on the loopback only: the benchmark's traffic stays on this machine.
const server = await startServerProcess({ HEARKEN_WEBRTC_ADDRESS: '127.0.0.1' });
const client = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Benchmark') });

type Mode = 'socket' | 'webrtc' | 'webrtcLoss';
const modes: Mode[] = ['socket', 'webrtc', 'webrtcLoss'];
const results = Object.fromEntries(
  modes.map((m) => [
    m,
    {
      pairs: [] as { reference: string; hypothesis: string }[],
      words: [] as number[],
      finals: [] as number[],
    },
  ]),
) as Record<Mode, { pairs: { reference: string; hypothesis: string }[]; words: number[]; finals: number[] }>;
const clean = new WebRtcSender(client, { interfaceAddress: '127.0.0.1' });
const lossy = new WebRtcSender(client, {
  interfaceAddress: '127.0.0.1',
  lossRate,
  random: seededRandom(Number(values.seed)),
});
const socket: RecordingTransport = {
  start: () => client.startAudio(),
  sendAudio: (samples) => client.sendAudio(samples),
  stop: () => client.stopAudio(),
};
let audioSeconds = 0;
let socketChunks = 0;

try {
  for (const [n, item] of items.entries()) {
    const audio = parseWav(readFileSync(join(dir, item.file)));
    if (audio.sampleRate !== SAMPLE_RATE_HZ || audio.channels !== 1) {
      throw new Error(
        `${item.file}: ${audio.sampleRate} Hz, ${audio.channels} channels; 16 kHz mono is required`,
      );
    }
    audioSeconds += audio.samples.length / SAMPLE_RATE_HZ;
    const lines: string[] = [];
    for (const mode of modes) {
      const transport: RecordingTransport =
        mode === 'socket'
          ? {
              ...socket,
              sendAudio: (samples) => {
                socketChunks += 1;
                socket.sendAudio(samples);
              },
            }
          : mode === 'webrtc'
            ? clean
            : lossy;
      const result: MeasuredRecording = await measureRecording(client, audio.samples, {
        speed,
        trailingSilenceMs: TRAILING_SILENCE_MS,
        transport,
      });
      if (result.refused) throw new Error(`${mode}: the server refused the recording (${result.refused})`);
      results[mode].pairs.push({ reference: item.reference, hypothesis: result.hypothesis });
      results[mode].words.push(...result.wordLatenciesMs);
      if (result.finalLatencyMs !== undefined) results[mode].finals.push(result.finalLatencyMs);
      lines.push(`  ${mode}: ${result.hypothesis}`);
    }
    if (!values.quiet)
      console.log(`[${n + 1}/${items.length}] ${item.file}\n  ref: ${item.reference}\n${lines.join('\n')}`);
  }
} finally {
  await client.close();
  await server.stop();
}

const round = (v: number | undefined, digits = 0) => (v === undefined ? null : Number(v.toFixed(digits)));
const summary = (mode: Mode) => ({
  wer: round(corpusWordErrorRate(results[mode].pairs), 4),
  wordLatencyMs: {
    p50: round(percentile(results[mode].words, 50)),
    p95: round(percentile(results[mode].words, 95)),
  },
  finalLatencyMs: {
    p50: round(percentile(results[mode].finals, 50)),
    p95: round(percentile(results[mode].finals, 95)),
  },
});
const socketSummary = summary('socket');
const webrtcSummary = summary('webrtc');
// Per second of audio sent (the trailing silence included), as kilobits per second.
const kbps = (bytes: number, seconds: number) => round((bytes * 8) / seconds / 1000, 1);
const socketSeconds = (socketChunks * CHUNK_LENGTH_MS) / 1000;
const pcmPayload = (socketChunks * (SAMPLE_RATE_HZ * 2 * CHUNK_LENGTH_MS)) / 1000;
const webrtcSeconds = (clean.sent.packets * 20) / 1000;
const webrtcWire = clean.sent.payloadBytes + clean.sent.packets * RTP_PACKET_OVERHEAD_BYTES;
const pcmWire = pcmPayload + socketChunks * PCM_FRAME_OVERHEAD_BYTES;
console.log(
  JSON.stringify({
    utterances: items.length,
    audioSeconds: round(audioSeconds, 1),
    speed,
    socket: socketSummary,
    webrtc: webrtcSummary,
    webrtcWithLoss: {
      ...summary('webrtcLoss'),
      lossRate,
      packetsLost: lossy.sent.dropped,
      packetsSent: lossy.sent.packets,
    },
    webrtcMinusSocket: {
      werPoints: round(((webrtcSummary.wer ?? 0) - (socketSummary.wer ?? 0)) * 100, 2),
      wordLatencyP50Ms: round(
        (webrtcSummary.wordLatencyMs.p50 ?? 0) - (socketSummary.wordLatencyMs.p50 ?? 0),
      ),
      wordLatencyP95Ms: round(
        (webrtcSummary.wordLatencyMs.p95 ?? 0) - (socketSummary.wordLatencyMs.p95 ?? 0),
      ),
    },
    upstreamKbpsPerStream: {
      pcmSocketPayload: kbps(pcmPayload, socketSeconds),
      pcmSocketWire: kbps(pcmWire, socketSeconds),
      webrtcOpusPayload: kbps(clean.sent.payloadBytes, webrtcSeconds),
      webrtcWire: kbps(webrtcWire, webrtcSeconds),
      wireRatio: round(webrtcWire / webrtcSeconds / (pcmWire / socketSeconds), 3),
    },
  }),
);
