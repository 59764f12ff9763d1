import { describe, expect, it, vi } from 'vitest';
import { createBridge, type IpcRendererLike } from '../../../src/preload/bridge';

function fakeIpcRenderer() {
  const listeners = new Map<string, Set<(event: unknown, payload: unknown) => void>>();
  const ipc: IpcRendererLike & { emit(channel: string, payload: unknown): void } = {
    invoke: vi.fn(async (channel: string, request: unknown) => ({ channel, request })),
    on: (channel, l) =>
      void (listeners.get(channel) ?? listeners.set(channel, new Set()).get(channel)!).add(l),
    removeListener: (channel, l) => void listeners.get(channel)?.delete(l),
    emit: (channel, payload) => {
      for (const l of listeners.get(channel) ?? []) l({ sender: 'the whole ipcRenderer' }, payload);
    },
  };
  return ipc;
}

describe('preload bridge', () => {
  it('invokes the channels of the map, with null for requests that take none', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc);
    await expect(bridge.invoke('window:moveBy', { dx: 1, dy: 2 })).resolves.toEqual({
      channel: 'window:moveBy',
      request: { dx: 1, dy: 2 },
    });
    await bridge.invoke('desktop:getConfig', null);
    expect(ipc.invoke).toHaveBeenLastCalledWith('desktop:getConfig', null);
  });

  it('refuses any other channel (a page cannot reach a handler the map does not name)', async () => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc);
    await expect(bridge.invoke('shell:openExternal' as never, null as never)).rejects.toThrow(
      /unknown channel/,
    );
    expect(() => bridge.on('ELECTRON_BROWSER_REQUIRE' as never, () => {})).toThrow(/unknown channel/);
    expect(ipc.invoke).not.toHaveBeenCalled();
  });

  it('delivers event payloads without the event object, and unsubscribes', () => {
    const ipc = fakeIpcRenderer();
    const bridge = createBridge(ipc);
    const got: unknown[][] = [];
    const off = bridge.on('captions:command', (...args: unknown[]) => void got.push(args));
    ipc.emit('captions:command', { action: 'start' });
    expect(got).toEqual([[{ action: 'start' }]]);
    off();
    ipc.emit('captions:command', { action: 'stop' });
    expect(got).toHaveLength(1);
  });
});
