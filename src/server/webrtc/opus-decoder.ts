/**
 * An Opus decoder with what a lossy network needs: loss concealment (a lost packet is guessed
 * from the audio before it) and in-band forward error correction (a lost packet is rebuilt from
 * the redundant copy the next packet carries). It decodes straight to the engines' rate:
 * libopus resamples internally, band-limited, better than resampling 48 kHz ourselves.
 *
 * The libopus build is the one the `@evan/opus` package ships as WebAssembly (kept, pure WASM,
 * nothing to compile). Its own Decoder class always passes decode_fec = 0, so this module
 * calls the same libopus functions of that module directly, with the flag set when it matters.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

interface OpusExports {
  memory: WebAssembly.Memory;
  malloc(bytes: number): number;
  free(pointer: number): void;
  opus_decoder_get_size(channels: number): number;
  opus_decoder_init(state: number, rate: number, channels: number): number;
  opus_decode(
    state: number,
    data: number,
    length: number,
    pcm: number,
    frameSize: number,
    decodeFec: number,
  ): number;
  opus_strerror(code: number): number;
  _initialize?: () => void;
}

/** The longest Opus packet decodes to 120 ms; at 48 kHz stereo that is 11520 samples. */
const MAX_FRAME_SAMPLES = 5760;
const MAX_PACKET_BYTES = 4000;

let shared: OpusExports | undefined;

function opusModule(): OpusExports {
  if (shared) return shared;
  const require = createRequire(import.meta.url);
  const bytes = readFileSync(require.resolve('@evan/opus/wasm/opus.wasm'));
  const noop = () => 0;
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), {
    wasi_snapshot_preview1: { fd_seek: noop, fd_write: noop, fd_close: noop, proc_exit: noop },
    // Views of memory are taken afresh on each call, so growth needs no notice.
    env: { emscripten_notify_memory_growth: noop },
  });
  const exports = instance.exports as unknown as OpusExports;
  exports._initialize?.();
  shared = exports;
  return exports;
}

export class OpusDecodeError extends Error {}

export class OpusStreamDecoder {
  private readonly opus = opusModule();
  private state: number;
  private readonly packet: number;
  private readonly pcm: number;
  /** Samples per channel of the last packet decoded: what one lost packet is worth. */
  lastFrameSamples: number;

  constructor(
    readonly sampleRateHz: 8000 | 12000 | 16000 | 24000 | 48000,
    readonly channels: 1 | 2 = 1,
  ) {
    const opus = this.opus;
    this.state = opus.malloc(opus.opus_decoder_get_size(channels));
    this.packet = opus.malloc(MAX_PACKET_BYTES);
    this.pcm = opus.malloc(MAX_FRAME_SAMPLES * 2 * channels * 2);
    this.check(opus.opus_decoder_init(this.state, sampleRateHz, channels));
    // 20 ms, the packet length every browser sends, until a packet says otherwise.
    this.lastFrameSamples = sampleRateHz / 50;
  }

  /** Decodes one packet (interleaved Int16 when stereo). */
  decode(packet: Uint8Array): Int16Array {
    const samples = this.run(packet, MAX_FRAME_SAMPLES, 0);
    this.lastFrameSamples = samples.length / this.channels;
    return samples;
  }

  /** Guesses `frameSamples` of audio that never arrived (packet loss concealment). */
  conceal(frameSamples = this.lastFrameSamples): Int16Array {
    return this.run(undefined, frameSamples, 0);
  }

  /**
   * Rebuilds the packet lost just before `next` from the redundancy `next` carries; where `next`
   * carries none, libopus conceals instead. Decode `next` itself afterwards.
   */
  recover(next: Uint8Array, frameSamples = this.lastFrameSamples): Int16Array {
    return this.run(next, frameSamples, 1);
  }

  close(): void {
    if (!this.state) return;
    this.opus.free(this.state);
    this.opus.free(this.packet);
    this.opus.free(this.pcm);
    this.state = 0;
  }

  private run(packet: Uint8Array | undefined, frameSamples: number, fec: 0 | 1): Int16Array {
    if (!this.state) throw new OpusDecodeError('the decoder is closed');
    const opus = this.opus;
    let length = 0;
    if (packet) {
      if (packet.length > MAX_PACKET_BYTES) throw new OpusDecodeError('Opus packet too large');
      new Uint8Array(opus.memory.buffer, this.packet, packet.length).set(packet);
      length = packet.length;
    }
    const frame = Math.min(frameSamples, MAX_FRAME_SAMPLES);
    const decoded = this.check(
      opus.opus_decode(this.state, packet ? this.packet : 0, length, this.pcm, frame, fec),
    );
    return new Int16Array(opus.memory.buffer, this.pcm, decoded * this.channels).slice();
  }

  private check(code: number): number {
    if (code >= 0) return code;
    const memory = new Uint8Array(this.opus.memory.buffer);
    let text = '';
    for (let i = this.opus.opus_strerror(code); memory[i] !== 0 && text.length < 100; i++) {
      text += String.fromCharCode(memory[i]!);
    }
    throw new OpusDecodeError(`opus: ${text || code}`);
  }
}
