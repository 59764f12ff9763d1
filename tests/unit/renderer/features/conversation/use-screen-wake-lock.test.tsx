// @vitest-environment happy-dom
/**
 * The screen wake lock of a live conversation (conversation/use-screen-wake-lock.ts), with a
 * fake navigator.wakeLock that behaves as browsers do: the lock is dropped when the page is
 * hidden and must be asked for again once it is visible.
 */
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  holdScreenWakeLock,
  useScreenWakeLock,
} from '../../../../../src/renderer/features/conversation/use-screen-wake-lock';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { memoryLogger } from '../../../../../src/renderer/lib/logger';
import { inRoom, renderApp } from '../../../../helpers/render-app';
import { makeStatus } from '../../../../helpers/saga-harness';

class FakeSentinel {
  released = false;
  readonly type = 'screen';
  async release(): Promise<void> {
    this.released = true;
  }
}

class FakeWakeLock {
  readonly granted: FakeSentinel[] = [];
  refuse = false;
  async request(type: string): Promise<WakeLockSentinel> {
    if (type !== 'screen') throw new TypeError(`unknown wake lock type ${type}`);
    if (this.refuse) throw new DOMException('Wake lock refused', 'NotAllowedError');
    const sentinel = new FakeSentinel();
    this.granted.push(sentinel);
    return sentinel as unknown as WakeLockSentinel;
  }
  /** Locks held now. */
  get held(): number {
    return this.granted.filter((s) => !s.released).length;
  }
}

let visibility: DocumentVisibilityState = 'visible';
/** What the browser does: a hidden page loses its lock; either way, the page is told. */
function setVisibility(next: DocumentVisibilityState, lock?: FakeWakeLock) {
  visibility = next;
  if (next === 'hidden') for (const s of lock?.granted ?? []) s.released = true;
  document.dispatchEvent(new Event('visibilitychange'));
}

function installWakeLock(value: FakeWakeLock | undefined) {
  Object.defineProperty(navigator, 'wakeLock', { configurable: true, value });
}

const me = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const logger = memoryLogger();
function Probe() {
  useScreenWakeLock(logger);
  return null;
}
/** Lets the fake's promises settle. */
const settle = () => act(async () => undefined);

beforeEach(() => {
  visibility = 'visible';
  logger.entries.length = 0;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  cleanup();
  installWakeLock(undefined);
});

describe('useScreenWakeLock', () => {
  it('keeps the screen on from the start of a live conversation and lets it sleep once it ends', async () => {
    const lock = new FakeWakeLock();
    installWakeLock(lock);
    const { store } = renderApp(<Probe />, inRoom(makeStatus(), me));
    await settle();
    expect(lock.granted).toHaveLength(1);
    expect(lock.held).toBe(1);

    act(() => {
      store.dispatch(
        socketActions.messageReceived({
          type: 'room-status-update',
          reason: 'ended',
          status: makeStatus({ state: { value: 'ended' } }),
        }),
      );
    });
    await settle();
    expect(lock.held).toBe(0);
    // Ended, the page showing becomes visible again: nothing is asked.
    setVisibility('hidden', lock);
    setVisibility('visible', lock);
    await settle();
    expect(lock.granted).toHaveLength(1);
  });

  it('asks again when the page is visible again after being hidden', async () => {
    const lock = new FakeWakeLock();
    installWakeLock(lock);
    renderApp(<Probe />, inRoom(makeStatus(), me));
    await settle();
    act(() => setVisibility('hidden', lock));
    await settle();
    expect(lock.held).toBe(0);
    // Not while hidden: a hidden page cannot have one.
    expect(lock.granted).toHaveLength(1);
    act(() => setVisibility('visible', lock));
    await settle();
    expect(lock.granted).toHaveLength(2);
    expect(lock.held).toBe(1);
    // Visible again while it holds one: no second lock.
    act(() => setVisibility('visible', lock));
    await settle();
    expect(lock.granted).toHaveLength(2);
  });

  it('releases the lock when the conversation screen goes', async () => {
    const lock = new FakeWakeLock();
    installWakeLock(lock);
    const view = renderApp(<Probe />, inRoom(makeStatus(), me));
    await settle();
    view.unmount();
    await settle();
    expect(lock.held).toBe(0);
  });

  it('asks nothing before the room is known', async () => {
    const lock = new FakeWakeLock();
    installWakeLock(lock);
    renderApp(<Probe />);
    await settle();
    expect(lock.granted).toHaveLength(0);
  });

  it('goes on quietly where the API is missing or refuses: a debug line, nothing thrown', async () => {
    installWakeLock(undefined);
    renderApp(<Probe />, inRoom(makeStatus(), me));
    await settle();
    act(() => setVisibility('visible'));
    cleanup();

    const refusing = new FakeWakeLock();
    refusing.refuse = true;
    installWakeLock(refusing);
    renderApp(<Probe />, inRoom(makeStatus(), me));
    await settle();
    expect(refusing.held).toBe(0);
    expect(logger.entries.map((e) => e.level)).toEqual(['debug', 'debug']);
    expect(logger.entries.map((e) => e.msg).join(' ')).toMatch(/no Screen Wake Lock API.*refused/);
  });
});

describe('holdScreenWakeLock', () => {
  it('gives back a lock granted only after it was released', async () => {
    let grant: (s: WakeLockSentinel) => void = () => undefined;
    const sentinel = new FakeSentinel();
    const release = holdScreenWakeLock({
      wakeLock: { request: () => new Promise((resolve) => (grant = resolve)) },
      document,
      logger,
    });
    release();
    grant(sentinel as unknown as WakeLockSentinel);
    await settle();
    expect(sentinel.released).toBe(true);
  });
});
