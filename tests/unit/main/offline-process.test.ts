import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FromOffline } from '../../../src/native/offline/protocol';
import { type UtilityChildLike, forkOfflineProcess, offlineEngines } from '../../../src/main/offline-process';

/** Electron's utility process stand-in: the test plays the child. */
function fakeUtilityProcess() {
  const listeners = new Map<string, ((value: never) => void)[]>();
  const child = {
    postMessage: vi.fn(),
    on: (event: string, listener: (value: never) => void) =>
      void listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    kill: vi.fn(() => true),
    emit: (event: string, value: unknown) => listeners.get(event)?.forEach((l) => l(value as never)),
  };
  const fork = vi.fn(() => child as typeof child & UtilityChildLike);
  return { utilityProcess: { fork }, child, fork };
}

describe('forkOfflineProcess', () => {
  it('forks the offline-captions entry as a named utility process sharing our output', () => {
    const { utilityProcess, fork } = fakeUtilityProcess();
    forkOfflineProcess(utilityProcess, '/app/.vite/build/offline-captions.cjs');
    expect(fork).toHaveBeenCalledWith('/app/.vite/build/offline-captions.cjs', [], {
      serviceName: 'Hearken offline captions',
      stdio: 'inherit',
    });
  });

  it('carries messages both ways, the exit code, and kill', () => {
    const { utilityProcess, child } = fakeUtilityProcess();
    const offline = forkOfflineProcess(utilityProcess, 'offline.cjs');
    const received: FromOffline[] = [];
    const exits: (number | null)[] = [];
    offline.onMessage((m) => received.push(m));
    offline.onExit((code) => exits.push(code));
    offline.postMessage({ op: 'stop' });
    expect(child.postMessage).toHaveBeenCalledWith({ op: 'stop' });
    child.emit('message', { op: 'stopped' });
    child.emit('exit', 3);
    expect(received).toEqual([{ op: 'stopped' }]);
    expect(exits).toEqual([3]);
    offline.kill();
    expect(child.kill).toHaveBeenCalledTimes(1);
  });
});

describe('offlineEngines', () => {
  let userData: string | undefined;
  afterEach(() => userData && rmSync(userData, { recursive: true, force: true }));

  it('falls back to PocketSphinx with the bundled voice activity model when no model is installed', () => {
    userData = mkdtempSync(join(tmpdir(), 'hearken-userdata-'));
    expect(offlineEngines({ resourcesDir: '/opt/hearken/resources', userData })).toEqual([
      {
        kind: 'pocketsphinx',
        modelsDir: join(userData, 'models'),
        vadModel: '/opt/hearken/resources/models/silero-vad/silero_vad.onnx',
      },
    ]);
  });
});
