/**
 * Voiced-reply audio on the socket: mono Int16 little-endian PCM as base64 in JSON messages
 * (the socket's text frames; binary frames are the microphone's, client to server). Works in
 * Node and the browser alike.
 */

export function int16ToBase64(samples: Int16Array): string {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  let binary = '';
  // In slices: String.fromCharCode with too many arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The samples of a base64 chunk; undefined when it is not base64 of whole 16-bit samples. */
export function base64ToInt16(text: string): Int16Array | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  if (binary.length % 2 !== 0) return undefined;
  const out = new Int16Array(binary.length / 2);
  for (let i = 0; i < out.length; i++) {
    const value = binary.charCodeAt(i * 2) | (binary.charCodeAt(i * 2 + 1) << 8);
    out[i] = value >= 0x8000 ? value - 0x10000 : value;
  }
  return out;
}

/** Joins the chunks of one reply in order. */
export function concatInt16(chunks: readonly Int16Array[]): Int16Array {
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
