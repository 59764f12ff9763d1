import { describe, expect, it, vi } from 'vitest';
import {
  EventSender,
  type InvokeEvent,
  IpcRefusedError,
  IpcRouter,
  type IpcMainLike,
} from '../../../src/main/ipc';
import { APP_ORIGIN } from '../../../src/main/app-protocol';
import { isTrustedSender } from '../../../src/main/security';
import { EVENT_CHANNELS, INVOKE_CHANNELS, INVOKE_REQUESTS } from '../../../src/shared/ipc';

/** A fake ipcMain that lets the test play the renderer. */
function fakeIpcMain() {
  const handlers = new Map<string, (event: InvokeEvent, ...args: unknown[]) => unknown>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel),
  };
  const invoke = (channel: string, from: { id: number; url: string | null }, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(
      handler({ sender: { id: from.id }, senderFrame: from.url ? { url: from.url } : null }, ...args),
    );
  };
  return { ipc, handlers, invoke };
}

const OURS = new Set([1, 2]);
const trusted = (s: { webContentsId: number; frameUrl: string | undefined }) =>
  isTrustedSender(s, OURS, [APP_ORIGIN]);
const captionWindow = { id: 2, url: `${APP_ORIGIN}/cc/conversation?mode=floatingCaptions` };

describe('IpcRouter', () => {
  it('passes a valid request from our window to the handler', async () => {
    const { ipc, invoke } = fakeIpcMain();
    const router = new IpcRouter(ipc, trusted);
    const handler = vi.fn(() => undefined);
    router.handle('window:moveBy', handler);
    await invoke('window:moveBy', captionWindow, { dx: 10, dy: -20, extra: 'dropped' });
    expect(handler).toHaveBeenCalledWith(
      { dx: 10, dy: -20 },
      { webContentsId: 2, frameUrl: captionWindow.url },
    );
  });

  it('treats a missing request as null for channels that take none', async () => {
    const { ipc, invoke } = fakeIpcMain();
    const router = new IpcRouter(ipc, trusted);
    router.handle('auth:takeCustomToken', () => 'a.b.c');
    await expect(invoke('auth:takeCustomToken', captionWindow)).resolves.toBe('a.b.c');
    await expect(invoke('auth:takeCustomToken', captionWindow, { sneaky: 1 })).rejects.toThrow(
      /expected no value/,
    );
  });

  it.each([
    ['a window that is not ours', { id: 9, url: `${APP_ORIGIN}/web` }, /untrusted sender/],
    ['our window showing another site', { id: 1, url: 'https://evil.example/' }, /untrusted sender/],
    ['a sender without a frame', { id: 1, url: null }, /untrusted sender/],
  ])('refuses %s before the handler runs', async (_name, from, message) => {
    const { ipc, invoke } = fakeIpcMain();
    const refused = vi.fn();
    const router = new IpcRouter(ipc, trusted, refused);
    const handler = vi.fn();
    router.handle('window:moveBy', handler);
    await expect(invoke('window:moveBy', from, { dx: 1, dy: 1 })).rejects.toThrow(message);
    expect(handler).not.toHaveBeenCalled();
    expect(refused.mock.calls[0]![0]).toBeInstanceOf(IpcRefusedError);
  });

  it.each([
    ['window:moveBy', { dx: 'left', dy: 0 }, /dx: expected number/],
    ['window:moveBy', { dx: 1e9, dy: 0 }, /dx: must be between/],
    ['desktop:updatePreferences', { captionMode: 'fullscreen' }, /captionMode: expected one of/],
    ['desktop:updatePreferences', { theme: { name: 'fog', variant: 'dark' } }, /theme.bold: is required/],
    ['offline:audio', new Uint8Array(64 * 1024), /at most/],
    ['offline:audio', [1, 2, 3], /expected bytes/],
    ['captions:command', { action: 'explode' }, /action: expected one of/],
  ])('refuses a malformed %s request', async (channel, request, message) => {
    const { ipc, invoke } = fakeIpcMain();
    const router = new IpcRouter(ipc, trusted);
    const handler = vi.fn();
    router.handle(channel as 'window:moveBy', handler);
    await expect(invoke(channel, captionWindow, request)).rejects.toThrow(message);
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses extra arguments and a second handler for one channel', async () => {
    const { ipc, invoke, handlers } = fakeIpcMain();
    const router = new IpcRouter(ipc, trusted);
    router.handle('window:hide', () => undefined);
    expect(() => router.handle('window:hide', () => undefined)).toThrow(/already has a handler/);
    await expect(invoke('window:hide', captionWindow, null, 'more')).rejects.toThrow(/one request value/);
    router.dispose();
    expect(handlers.size).toBe(0);
  });

  it('has a request schema for every invoke channel and no channel named twice', () => {
    expect(Object.keys(INVOKE_REQUESTS).sort()).toEqual([...INVOKE_CHANNELS].sort());
    expect(new Set(INVOKE_CHANNELS).size).toBe(INVOKE_CHANNELS.length);
    expect(new Set(EVENT_CHANNELS).size).toBe(EVENT_CHANNELS.length);
  });
});

describe('EventSender', () => {
  function target(id: number) {
    const sent: [string, unknown][] = [];
    let destroyed = false;
    return {
      sent,
      destroy: () => (destroyed = true),
      target: { id, send: (c: string, p: unknown) => void sent.push([c, p]), isDestroyed: () => destroyed },
    };
  }

  it('queues events until the window has loaded, then delivers them in order', () => {
    const events = new EventSender();
    const w = target(5);
    events.register(w.target);
    events.send(5, 'captions:command', { action: 'start' });
    events.send(5, 'captions:command', { action: 'stop' });
    expect(w.sent).toEqual([]);
    events.markReady(5);
    expect(w.sent.map(([, p]) => p)).toEqual([{ action: 'start' }, { action: 'stop' }]);
    events.send(5, 'captions:command', { action: 'toggle' });
    expect(w.sent).toHaveLength(3);
  });

  it('holds events again while a window reloads, and bounds the queue', () => {
    const events = new EventSender();
    const w = target(5);
    events.register(w.target);
    events.markReady(5);
    events.markLoading(5);
    for (let i = 0; i < EventSender.MAX_QUEUED + 50; i++)
      events.send(5, 'offline:status', { state: 'starting' });
    expect(w.sent).toHaveLength(0);
    events.markReady(5);
    expect(w.sent).toHaveLength(EventSender.MAX_QUEUED);
  });

  it('broadcasts to every window and forgets destroyed ones', () => {
    const events = new EventSender();
    const a = target(1);
    const b = target(2);
    events.register(a.target);
    events.register(b.target);
    events.markReady(1);
    events.markReady(2);
    b.destroy();
    events.broadcast('offline:status', { state: 'stopped' });
    expect(a.sent).toHaveLength(1);
    expect(b.sent).toHaveLength(0);
    expect([...events.ids()]).toEqual([1]);
  });
});
