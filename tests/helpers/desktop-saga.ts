/** Fakes and helpers shared by the tests split from one file. */
import { afterEach, vi } from 'vitest';
import type { Transcript } from '../../src/shared/entities';
import { rootReducer } from '../../src/renderer/app/root-reducer';

export const initial = rootReducer(undefined, { type: '@@test/init' });
export const ready = {
  ...initial.session,
  status: 'ready' as const,
  identity: { kind: 'guest' as const, avaId: 'me_1', userName: 'Ada' },
};

export function transcript(id: string, text: string, isFinal: boolean): Transcript {
  return {
    id,
    isFinal,
    author: 'me_1',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index: 0,
    timestampMs: 1,
    t0: 0,
    trackName: 'offline',
  };
}
export const types = (actions: { type: string }[]) => actions.map((a) => a.type);

/** Call at the top of a test file whose tests may switch to fake timers. */
export function restoreTimersAfterEach(): void {
  afterEach(() => {
    vi.useRealTimers();
  });
}
