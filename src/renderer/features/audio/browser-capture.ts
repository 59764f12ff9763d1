/**
 * Microphone capture in the browser: getUserMedia with echo cancellation, noise suppression and
 * auto gain off (conversation.md section 9), an AudioContext at 16 kHz where the browser allows
 * it (it then resamples properly), and the capture worklet, which resamples itself when the
 * context runs at another rate.
 */
import { SAMPLE_RATE_HZ } from '../../../shared/constants';
import {
  AudioCaptureError,
  type AudioCaptureService,
  type CaptureEvent,
  type CaptureOptions,
  type CaptureSession,
  toAudioDevices,
} from './capture';
import { CaptureEvents } from './capture-events';
import { CAPTURE_PROCESSOR_NAME, type ProcessorMessage } from './pipeline';
// Vite bundles the worklet on its own (with its imports) and gives its URL, in dev and build.
import processorUrl from './capture-processor.ts?worker&url';

/** The worklet must report within this time, or capture is considered broken. */
const WORKLET_START_TIMEOUT_MS = 4000;

function abortIfNeeded(signal: AbortSignal): void {
  if (signal.aborted) throw new DOMException('capture aborted', 'AbortError');
}

function openContext(sampleRate?: number): AudioContext {
  try {
    return sampleRate === undefined
      ? new AudioContext({ latencyHint: 'interactive' })
      : new AudioContext({ sampleRate, latencyHint: 'interactive' });
  } catch (error) {
    throw new AudioCaptureError('FAILED_TO_INIT_AUDIO_CONTEXT', error);
  }
}

function waitForStart(port: MessagePort, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new AudioCaptureError('FAILED_TO_INIT_AUDIO_CONTEXT', new Error('the capture worklet did not start')),
      );
    }, WORKLET_START_TIMEOUT_MS);
    const onMessage = (event: MessageEvent<ProcessorMessage>) => {
      if (event.data.type === 'started') {
        cleanup();
        resolve();
      }
    };
    const onAbort = () => {
      cleanup();
      reject(new DOMException('capture aborted', 'AbortError'));
    };
    const cleanup = () => {
      clearTimeout(timer);
      port.removeEventListener('message', onMessage);
      signal.removeEventListener('abort', onAbort);
    };
    port.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    port.start();
  });
}

function microphoneConstraints(deviceId: string | undefined): MediaStreamConstraints {
  return {
    audio: {
      deviceId: deviceId ? { exact: deviceId } : undefined,
      echoCancellation: false,
      noiseSuppression: false,
      autoGainControl: false,
      channelCount: 1,
    },
  };
}

/**
 * The chosen microphone, or the default one if the chosen one is gone (a saved id can outlive
 * its device, and before permission the browser does not list ids to check it against).
 */
async function openMicrophone(deviceId: string | undefined): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia(microphoneConstraints(deviceId));
  } catch (error) {
    const name = (error as { name?: unknown } | null)?.name;
    if (!deviceId || (name !== 'OverconstrainedError' && name !== 'NotFoundError')) throw error;
    return navigator.mediaDevices.getUserMedia(microphoneConstraints(undefined));
  }
}

async function startCapture(options: CaptureOptions, signal: AbortSignal): Promise<CaptureSession> {
  if (!navigator.mediaDevices?.getUserMedia) throw new AudioCaptureError('NO_AUDIO_INPUTS');
  return captureStream(() => openMicrophone(options.deviceId), signal);
}

/**
 * Runs the capture pipeline on the audio track of a stream `open` gives: the microphone here;
 * the desktop app also gives it the computer's audio (display-media loopback).
 */
export async function captureStream(
  open: () => Promise<MediaStream>,
  signal: AbortSignal,
): Promise<CaptureSession> {
  const undo: (() => void)[] = [];
  const release = () => {
    for (const step of undo.splice(0).reverse()) {
      try {
        step();
      } catch {
        // releasing is best effort
      }
    }
  };
  try {
    const stream = await open();
    undo.push(() => stream.getTracks().forEach((t) => t.stop()));
    abortIfNeeded(signal);
    const track = stream.getAudioTracks()[0];
    if (!track || track.readyState !== 'live') throw new AudioCaptureError('NO_AUDIO_TRACKS');

    let context = openContext(SAMPLE_RATE_HZ);
    let source: MediaStreamAudioSourceNode;
    try {
      source = context.createMediaStreamSource(stream);
    } catch {
      // Some browsers cannot connect a microphone to a context at another rate: run at the
      // device's rate and let the worklet resample.
      void context.close();
      context = openContext();
      source = context.createMediaStreamSource(stream);
    }
    const ctx = context;
    undo.push(() => void ctx.close());
    if (!ctx.audioWorklet) throw new AudioCaptureError('NO_AUDIO_CONTEXT');
    try {
      await ctx.audioWorklet.addModule(processorUrl);
    } catch (error) {
      throw new AudioCaptureError('FAILED_TO_INIT_AUDIO_CONTEXT', error);
    }
    abortIfNeeded(signal);

    const node = new AudioWorkletNode(ctx, CAPTURE_PROCESSOR_NAME, {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    undo.push(() => {
      node.port.postMessage('stop');
      source.disconnect();
      node.disconnect();
    });
    source.connect(node);
    // The node outputs silence; connecting it keeps it in the rendered graph in every browser.
    node.connect(ctx.destination);

    // Audio that arrives before anyone listens is kept (up to a few seconds), not lost.
    const events = new CaptureEvents();
    const emit = (event: CaptureEvent) => events.emit(event);
    node.port.addEventListener('message', (event: MessageEvent<ProcessorMessage>) => {
      if (event.data.type === 'chunk') emit({ kind: 'chunk', samples: event.data.samples });
    });
    const onEnded = () => emit({ kind: 'ended' });
    track.addEventListener('ended', onEnded);
    undo.push(() => track.removeEventListener('ended', onEnded));

    const started = waitForStart(node.port, signal);
    await ctx.resume();
    await started;
    abortIfNeeded(signal);

    return {
      contextRateHz: ctx.sampleRate,
      track,
      subscribe: (listener) => events.subscribe(listener),
      async stop() {
        events.clear();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export function browserAudioCapture(): AudioCaptureService {
  return {
    async listInputs() {
      if (!navigator.mediaDevices?.enumerateDevices) return [];
      return toAudioDevices(await navigator.mediaDevices.enumerateDevices());
    },
    onDeviceChange(listener) {
      const devices = navigator.mediaDevices;
      if (!devices) return () => {};
      devices.addEventListener('devicechange', listener);
      return () => devices.removeEventListener('devicechange', listener);
    },
    start: startCapture,
    async permissionState() {
      try {
        const status = await navigator.permissions?.query({ name: 'microphone' as PermissionName });
        return status?.state;
      } catch {
        // Firefox before 131 and some embedders do not know the microphone permission's name.
        return undefined;
      }
    },
  };
}
