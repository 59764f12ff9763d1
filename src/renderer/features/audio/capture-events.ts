/**
 * Where a capture session's events go: to its listeners, or, before anyone listens (the saga
 * subscribes a moment after capture starts), into a short queue handed to the first listener, so
 * the first words are not lost. Every kind of capture (the microphone, main's system audio, a mix
 * of both) uses this one.
 */
import type { CaptureEvent } from './capture';

/** About three seconds of 60 ms chunks: enough for the gap between start and subscribe. */
export const MAX_EARLY_CAPTURE_EVENTS = 50;

export class CaptureEvents {
  private readonly listeners = new Set<(event: CaptureEvent) => void>();
  private readonly early: CaptureEvent[] = [];

  emit(event: CaptureEvent): void {
    if (this.listeners.size > 0) {
      this.listeners.forEach((listener) => listener(event));
      return;
    }
    // A full queue keeps the newest audio, and an end is never dropped: it says capture is over.
    if (this.early.length >= MAX_EARLY_CAPTURE_EVENTS) {
      const oldestChunk = this.early.findIndex((e) => e.kind === 'chunk');
      if (oldestChunk === -1 && event.kind === 'chunk') return;
      this.early.splice(oldestChunk === -1 ? 0 : oldestChunk, 1);
    }
    this.early.push(event);
  }

  /** The queued events go to the first listener, in order, before any new one. */
  subscribe(listener: (event: CaptureEvent) => void): () => void {
    this.listeners.add(listener);
    for (const event of this.early.splice(0)) listener(event);
    return () => void this.listeners.delete(listener);
  }

  /** Stopped: nothing more reaches anyone. */
  clear(): void {
    this.listeners.clear();
    this.early.length = 0;
  }
}
