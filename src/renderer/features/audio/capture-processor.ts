/**
 * The AudioWorklet processor that captures the microphone. It runs on the audio thread, in the
 * AudioWorkletGlobalScope, and is bundled on its own by Vite (imported with `?worker&url` by
 * browserCapture.ts), so it may import the shared audio code. It posts `started` on its first
 * render quantum, then one `chunk` (960 Int16 samples, 60 ms at 16 kHz) at a time.
 */
import { CAPTURE_PROCESSOR_NAME, CapturePipeline, type ProcessorMessage } from './pipeline';

// The AudioWorkletGlobalScope is not part of TypeScript's DOM library: declare what we use.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor();
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class CaptureProcessor extends AudioWorkletProcessor {
  private readonly pipeline = new CapturePipeline(sampleRate);
  private started = false;
  private stopped = false;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent) => {
      if (event.data === 'stop') this.stopped = true;
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.stopped) return false;
    if (!this.started) {
      this.started = true;
      this.post({ type: 'started', sampleRateHz: sampleRate, resampling: this.pipeline.resampling });
    }
    const channel = inputs[0]?.[0];
    if (channel && channel.length > 0) {
      for (const samples of this.pipeline.push(channel)) {
        this.port.postMessage({ type: 'chunk', samples } satisfies ProcessorMessage, [samples.buffer]);
      }
    }
    return true;
  }

  private post(message: ProcessorMessage): void {
    this.port.postMessage(message);
  }
}

registerProcessor(CAPTURE_PROCESSOR_NAME, CaptureProcessor);
