/**
 * Every window the app opens is registered with the event sender (ipc.ts) for as long as it
 * lives: events wait while its page loads (again) and are dropped once it is gone.
 */
import type { EventSender } from '../ipc';

/** The part of Electron's WebContents this needs. */
export interface TrackedContents {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
  on(event: 'did-start-loading', listener: () => void): unknown;
  once(event: 'destroyed', listener: () => void): unknown;
}

export function trackWindowEvents(events: EventSender, contents: TrackedContents): void {
  const id = contents.id;
  events.register({ id, send: (c, p) => contents.send(c, p), isDestroyed: () => contents.isDestroyed() });
  contents.on('did-start-loading', () => events.markLoading(id));
  contents.once('destroyed', () => events.unregister(id));
}
