/**
 * A speech worker thread: loads the engines once, then runs every stream assigned to it.
 * Recognition is CPU-bound and synchronous, so it lives here and never on the server's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine } from './engines';
import type { RecognizerStream, SpeechEngine } from './types';
import type { EngineStatus, FromWorker, ToWorker, WorkerInit } from './worker-protocol';

const port = parentPort;
if (!port) throw new Error('speech worker must run in a worker thread');
const init = workerData as WorkerInit;

const engines = new Map<string, SpeechEngine>();
/** Tiers configured with the same engine share one instance (and its decoders). */
const bySpec = new Map<string, SpeechEngine>();
const streams = new Map<number, RecognizerStream>();

function send(message: FromWorker): void {
  port!.postMessage(message);
}

async function load(): Promise<void> {
  const status: Record<string, EngineStatus> = {};
  for (const [name, candidates] of Object.entries(init.engines)) {
    const skipped: string[] = [];
    for (const spec of candidates) {
      try {
        const key = JSON.stringify(spec);
        let engine = bySpec.get(key);
        if (!engine) {
          engine = await createEngine(spec);
          (engine as { warm?: (n: number) => void }).warm?.(init.warm);
          bySpec.set(key, engine);
        }
        engines.set(name, engine);
        status[name] = { ok: true, id: engine.id, langs: [...engine.langs], skipped };
        break;
      } catch (error) {
        skipped.push((error as Error).message);
      }
    }
    status[name] ??= { ok: false, error: skipped.join('; ') || 'no engine configured' };
  }
  send({ op: 'ready', engines: status });
}

/** Frees every stream and engine, then lets the thread end once its port is closed. */
function shutdown(): void {
  for (const stream of streams.values()) {
    try {
      stream.close();
    } catch {
      // a broken stream holds nothing more to release
    }
  }
  streams.clear();
  for (const engine of bySpec.values()) {
    try {
      engine.dispose();
    } catch {
      // as above
    }
  }
  bySpec.clear();
  engines.clear();
  port!.close();
}

function handle(message: ToWorker): void {
  if (message.op === 'shutdown') return shutdown();
  const { streamId } = message;
  try {
    switch (message.op) {
      case 'open': {
        const engine = engines.get(message.engine);
        if (!engine) throw new Error(`engine "${message.engine}" is not available`);
        streams.set(streamId, engine.open({ lang: message.lang }));
        return;
      }
      case 'audio': {
        const stream = streams.get(streamId);
        const samples = new Int16Array(message.samples);
        const events = stream ? stream.accept(samples) : [];
        send({ op: 'events', streamId, events, processed: samples.length });
        return;
      }
      case 'flush': {
        const stream = streams.get(streamId);
        send({ op: 'events', streamId, events: stream ? stream.flush() : [], processed: 0 });
        return;
      }
      case 'boost': {
        streams.get(streamId)?.setBoost?.(message.words);
        return;
      }
      case 'close': {
        const stream = streams.get(streamId);
        streams.delete(streamId);
        if (stream) {
          const events = stream.flush();
          if (events.length > 0) send({ op: 'events', streamId, events, processed: 0 });
          stream.close();
        }
        send({ op: 'closed', streamId });
        return;
      }
    }
  } catch (error) {
    // One broken stream must not take the others on this worker down with it.
    try {
      streams.get(streamId)?.close();
    } catch {
      // already broken; nothing more to release
    }
    streams.delete(streamId);
    send({ op: 'stream-error', streamId, message: (error as Error).message });
    if (message.op === 'close') send({ op: 'closed', streamId });
  }
}

// Messages that arrive while the engines load wait for them, in order.
const loaded = load();
port.on('message', (message: ToWorker) => void loaded.then(() => handle(message)));
