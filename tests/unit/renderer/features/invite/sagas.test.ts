import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteSaga } from '../../../../../src/renderer/features/invite/sagas';
import { COPIED_SHOW_MS, inviteActions } from '../../../../../src/renderer/features/invite/slice';
import { makeFakes, run, settle } from '../../../../helpers/saga-harness';

afterEach(() => vi.useRealTimers());

describe('copying the invite link', () => {
  it('says the link was copied, for a few seconds', async () => {
    vi.useFakeTimers();
    const fakes = makeFakes();
    const copied: string[] = [];
    fakes.deps.clipboard = { writeText: async (text) => void copied.push(text) };
    const app = run(inviteSaga, [fakes.deps]);
    app.dispatch(inviteActions.copyLinkRequested('https://h.example/web/conversations?token=t'));
    await vi.advanceTimersByTimeAsync(0);
    expect(copied).toEqual(['https://h.example/web/conversations?token=t']);
    expect(app.state.invite.copy).toBe('copied');
    await vi.advanceTimersByTimeAsync(COPIED_SHOW_MS);
    expect(app.state.invite.copy).toBe('idle');
  });

  it('says it could not, and keeps saying so until the next try', async () => {
    const fakes = makeFakes();
    fakes.deps.clipboard = { writeText: async () => Promise.reject(new Error('clipboard unavailable')) };
    const app = run(inviteSaga, [fakes.deps]);
    app.dispatch(inviteActions.copyLinkRequested('x'));
    await settle();
    expect(app.state.invite.copy).toBe('failed');
    expect(fakes.logger.entries.some((e) => e.msg === 'could not copy the link')).toBe(true);
  });
});
