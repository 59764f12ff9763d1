/**
 * What the self-hosted bot installs in the meeting's page before the meeting's own scripts run:
 *
 * - every remote audio track of every RTCPeerConnection the page makes is mixed (Web Audio sums
 *   the sources of one node) in an AudioContext running at 16 kHz, the engines' rate, and an
 *   AudioWorklet hands 100 ms chunks to Node through the binding named `AUDIO_BINDING` as base64
 *   little-endian Int16. From the first chunk on, silence is sent when nobody speaks, so the
 *   recogniser's endpointing sees a real pause and closes lines;
 * - the page's microphone (getUserMedia for audio) is a MediaStreamAudioDestinationNode, so what
 *   Node plays through `SPEAK_FUNCTION` (typed replies spoken aloud) is what the meeting hears,
 *   and no real microphone of the machine is ever opened.
 *
 * It is page code kept as a string: the server's TypeScript has no DOM, and the page must get
 * exactly this source. Remote tracks are also attached to a muted <audio> element because
 * Chromium delivers a remote WebRTC track's samples to Web Audio only while a media element
 * plays it.
 */

import { base64ToInt16 } from '../../../shared/tts-audio';

export const AUDIO_BINDING = '__hearkenMeetingAudio';
export const SPEAK_FUNCTION = '__hearkenSpeak';
/** The engines' sample rate, and the chunk the page posts (100 ms). */
export const PAGE_SAMPLE_RATE = 16_000;
export const PAGE_CHUNK_SAMPLES = 1_600;

const WORKLET = `
class HearkenTap extends AudioWorkletProcessor {
  constructor() { super(); this.chunk = new Float32Array(${PAGE_CHUNK_SAMPLES}); this.filled = 0; }
  process(inputs) {
    const input = inputs[0];
    const frames = input && input.length ? input[0].length : 128;
    for (let i = 0; i < frames; i++) {
      let sum = 0;
      if (input && input.length) { for (const channel of input) sum += channel[i]; sum /= input.length; }
      this.chunk[this.filled++] = sum;
      if (this.filled === this.chunk.length) {
        this.port.postMessage(this.chunk, [this.chunk.buffer]);
        this.chunk = new Float32Array(${PAGE_CHUNK_SAMPLES});
        this.filled = 0;
      }
    }
    return true;
  }
}
registerProcessor('hearken-tap', HearkenTap);
`;

export const PAGE_AUDIO_SCRIPT = `(() => {
  if (window.${SPEAK_FUNCTION}) return;
  let context, tap, speaker, ready, nextStart = 0;
  const kept = [];
  function toBase64(samples) {
    const bytes = new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }
  function start() {
    if (!ready) ready = (async () => {
      context = new AudioContext({ sampleRate: ${PAGE_SAMPLE_RATE} });
      const url = URL.createObjectURL(new Blob([${JSON.stringify(WORKLET)}], { type: 'text/javascript' }));
      await context.audioWorklet.addModule(url);
      tap = new AudioWorkletNode(context, 'hearken-tap', { numberOfInputs: 1, numberOfOutputs: 1 });
      tap.connect(context.destination);
      tap.port.onmessage = (event) => {
        const floats = event.data;
        const samples = new Int16Array(floats.length);
        for (let i = 0; i < floats.length; i++) {
          const v = Math.max(-1, Math.min(1, floats[i]));
          samples[i] = v < 0 ? v * 0x8000 : v * 0x7fff;
        }
        window.${AUDIO_BINDING}(toBase64(samples));
      };
      speaker = context.createMediaStreamDestination();
      await context.resume();
    })();
    return ready;
  }
  async function listen(track) {
    await start();
    const stream = new MediaStream([track]);
    const element = new Audio();
    element.muted = true;
    element.srcObject = stream;
    element.play().catch(() => undefined);
    const source = context.createMediaStreamSource(stream);
    source.connect(tap);
    kept.push(element, source);
  }
  const Native = window.RTCPeerConnection;
  class Listening extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('track', (event) => { if (event.track.kind === 'audio') listen(event.track); });
    }
  }
  window.RTCPeerConnection = Listening;
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    if (constraints && constraints.audio && !constraints.video) {
      await start();
      return new MediaStream(speaker.stream.getAudioTracks());
    }
    return original(constraints);
  };
  window.${SPEAK_FUNCTION} = async (base64, sampleRate) => {
    await start();
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const samples = new Int16Array(bytes.buffer, 0, bytes.length >> 1);
    const buffer = context.createBuffer(1, samples.length, sampleRate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < samples.length; i++) channel[i] = samples[i] / 0x8000;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(speaker);
    const at = Math.max(context.currentTime, nextStart);
    source.start(at);
    nextStart = at + buffer.duration;
  };
  start();
})();`;

/** Node's side of `AUDIO_BINDING`: a chunk back to samples (nothing for a malformed one). */
export function decodePageChunk(base64: string): Int16Array {
  return base64ToInt16(base64) ?? new Int16Array(0);
}
