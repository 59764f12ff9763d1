import { describe, expect, it } from 'vitest';
import { withDesktop } from '../../src/renderer/features/desktop/desktopDeps';
import { DEFAULT_PREFERENCES } from '../../src/shared/desktop-preferences';
import type { DesktopConfig } from '../../src/shared/ipc';
import { makeFakes } from './harness';
import { FakeBridge } from './desktopFakes';

const config: DesktopConfig = { preferences: DEFAULT_PREFERENCES, appVersion: '2.2.0', platform: 'linux' };

describe('the desktop app seams', () => {
  it('connects the socket to the server of the preferences, and follows a change of server', () => {
    const bridge = new FakeBridge();
    const deps = withDesktop(makeFakes().deps, bridge, config);
    expect(deps.socketUrl()).toBe('ws://127.0.0.1:8080/ws');
    bridge.emit('desktop:configChanged', {
      ...config,
      preferences: { ...DEFAULT_PREFERENCES, serverUrl: 'https://captions.example.org' },
    });
    expect(deps.socketUrl()).toBe('wss://captions.example.org/ws');
  });

  it('reports the desktop version and keeps the bridge for the desktop sagas', () => {
    const bridge = new FakeBridge();
    const deps = withDesktop(makeFakes().deps, bridge, config);
    expect(deps.appVersion).toBe('2.2.0');
    // The web sign-in opens on the server, not on the app's own app://hearken origin.
    expect(deps.platform.webOrigin).toBe('http://127.0.0.1:8080');
    expect(deps.desktop?.bridge).toBe(bridge);
    expect(deps.desktop?.platform).toBe('linux');
    expect(deps.desktop?.lastChunkAtMs()).toBeUndefined();
  });
});
