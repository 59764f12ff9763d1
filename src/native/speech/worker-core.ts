/**
 * What a speech worker does, whatever carries its messages: loads the engines once, then runs
 * every stream assigned to it. A worker thread (worker.ts) and the boost host process
 * (boost-host.ts) both run this; only how messages come and go differs.
 */
import { createEngine } from './engines';
import type { RecognizerStream, SpeechEngine } from './types';
import type { EngineStatus, FromWorker, ToWorker, WorkerInit } from './worker-protocol';

export interface WorkerCore {
  /** Handles one message, in order, once the engines are loaded. */
  receive(message: ToWorker): void;
}

/**
 * `send` delivers a message to the pool; `end` is called once a 'shutdown' has released every
 * stream and engine (the thread closes its port, the process exits).
 */
export function startWorkerCore(
  init: WorkerInit,
  send: (m: FromWorker) => void,
  end: () => void,
): WorkerCore {
  const engines = new Map<string, SpeechEngine>();
  /** Tiers configured with the same engine share one instance (and its decoders). */
  const bySpec = new Map<string, SpeechEngine>();
  const streams = new Map<number, RecognizerStream>();

  async function load(): Promise<void> {
    const status: Record<string, EngineStatus> = {};
    for (const [name, candidates] of Object.entries(init.engines)) {
      const skipped: string[] = [];
      for (const spec of candidates) {
        try {
          const key = JSON.stringify(spec);
          let engine = bySpec.get(key);
          if (!engine) {
            engine = await createEngine(spec, { pocketsphinxBoost: init.pocketsphinxBoost === true });
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

  /** Frees every stream and engine, then ends. */
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
    end();
  }

  function handle(message: ToWorker): void {
    if (message.op === 'shutdown') return shutdown();
    const { streamId } = message;
    try {
      switch (message.op) {
        case 'open': {
          const engine = engines.get(message.engine);
          if (!engine) throw new Error(`engine "${message.engine}" is not available`);
          streams.set(
            streamId,
            engine.open({ lang: message.lang, ...(message.cmnMean ? { cmnMean: message.cmnMean } : {}) }),
          );
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
          // Said back so the pool knows this stream's native calls got past the new words
          // (the boost host's crash accounting, pool.ts).
          send({ op: 'boosted', streamId });
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
          const cmnMean = stream?.cmnMean?.();
          send({ op: 'closed', streamId, ...(cmnMean ? { cmnMean } : {}) });
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
  return { receive: (message) => void loaded.then(() => handle(message)) };
}
