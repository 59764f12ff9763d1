/**
 * A reader for the WAV files of our speech fixtures and command-line tools: RIFF/WAVE with
 * 16-bit PCM. Pure (bytes in, samples out) so the browser can use it on uploaded files as well.
 * Other encodings are refused with a message naming what was found, rather than misread.
 */

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved when channels > 1. */
  samples: Int16Array;
}

const WAVE_FORMAT_PCM = 1;
/** WAVE_FORMAT_EXTENSIBLE: the real format is in the sub-format GUID, whose first two bytes say PCM. */
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

function fourcc(view: DataView, offset: number): string {
  return String.fromCharCode(
    view.getUint8(offset),
    view.getUint8(offset + 1),
    view.getUint8(offset + 2),
    view.getUint8(offset + 3),
  );
}

export function parseWav(bytes: Uint8Array): PcmAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || fourcc(view, 0) !== 'RIFF' || fourcc(view, 8) !== 'WAVE') {
    throw new Error('not a WAV file (no RIFF/WAVE header)');
  }
  let format: { sampleRate: number; channels: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.byteLength) {
    const id = fourcc(view, offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16) throw new Error('WAV fmt chunk is too short');
      let tag = view.getUint16(body, true);
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 26) tag = view.getUint16(body + 24, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const bits = view.getUint16(body + 14, true);
      if (tag !== WAVE_FORMAT_PCM || bits !== 16) {
        throw new Error(`unsupported WAV encoding (format ${tag}, ${bits} bits); 16-bit PCM is required`);
      }
      if (channels < 1) throw new Error('WAV file declares no channels');
      format = { sampleRate, channels };
    } else if (id === 'data') {
      if (!format) throw new Error('WAV data chunk comes before its fmt chunk');
      // A writer that streamed the file may leave the size at 0 or too large: read what is there.
      const available = Math.min(size === 0 ? Infinity : size, bytes.byteLength - body);
      const count = Math.floor(available / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(body + i * 2, true);
      return { ...format, samples };
    }
    // Chunks are padded to an even size.
    offset = body + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

/** Mixes interleaved multi-channel audio down to mono by averaging. */
export function toMono(audio: PcmAudio): Int16Array {
  if (audio.channels === 1) return audio.samples;
  const frames = Math.floor(audio.samples.length / audio.channels);
  const out = new Int16Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let c = 0; c < audio.channels; c++) sum += audio.samples[f * audio.channels + c]!;
    out[f] = Math.round(sum / audio.channels);
  }
  return out;
}

/**
 * A mono 16-bit PCM WAV file of `samples` (the voiced replies the client plays and the samples
 * the server answers): a 44-byte header with the real sizes, then the samples little-endian.
 */
export function encodeWav(samples: Int16Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, WAVE_FORMAT_PCM, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i]!, true);
  return bytes;
}
