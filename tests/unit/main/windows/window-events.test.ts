import { describe, expect, it } from 'vitest';
import { EventSender } from '../../../../src/main/ipc';
import { type TrackedContents, trackWindowEvents } from '../../../../src/main/windows/window-events';

class FakeContents implements TrackedContents {
  readonly sent: [string, unknown][] = [];
  destroyed = false;
  private readonly listeners = new Map<string, (() => void)[]>();
  constructor(readonly id: number) {}
  send = (channel: string, payload: unknown) => void this.sent.push([channel, payload]);
  isDestroyed = () => this.destroyed;
  on(event: string, listener: () => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  once(event: string, listener: () => void) {
    this.on(event, listener);
  }
  emit(event: string) {
    for (const l of this.listeners.get(event) ?? []) l();
  }
}

const state = { recording: 'RECORDING' as const, audioStatus: 'recording' as const, offline: false };

describe('trackWindowEvents', () => {
  it('holds events until the page is ready, and again while it reloads', () => {
    const events = new EventSender();
    const contents = new FakeContents(7);
    trackWindowEvents(events, contents);
    events.send(7, 'captions:state', state);
    expect(contents.sent).toEqual([]);
    events.markReady(7);
    expect(contents.sent).toEqual([['captions:state', state]]);
    contents.emit('did-start-loading');
    events.send(7, 'captions:state', state);
    expect(contents.sent).toHaveLength(1);
    events.markReady(7);
    expect(contents.sent).toHaveLength(2);
  });

  it('forgets the window once it is destroyed', () => {
    const events = new EventSender();
    const contents = new FakeContents(8);
    trackWindowEvents(events, contents);
    expect(events.ids().has(8)).toBe(true);
    contents.emit('destroyed');
    expect(events.ids().has(8)).toBe(false);
  });
});
