// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionCountdown } from '../../../../../../src/renderer/features/session-limits/components/SessionCountdown';
import { sessionLimitsActions } from '../../../../../../src/renderer/features/session-limits/actions';
import type { RestrictedSession } from '../../../../../../src/shared/session-limits';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

const NOW = 1_700_000_000_000;
const host = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana' };
const guest = { kind: 'guest' as const, avaId: 'g1', userName: 'Bo' };

function show(session: RestrictedSession, me = host) {
  return renderApp(<SessionCountdown />, inRoom(makeStatus({ restrictedSession: session }), me));
}

describe('SessionCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('stays out of the way until the last five minutes', () => {
    show({ tier: 'basic', endsAtMs: NOW + 5 * 60_000 + 1000, prolongable: false });
    expect(screen.queryByTestId('session-countdown')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('Ends in 5:00');
    expect(screen.getByTestId('session-countdown-announcement').textContent).toBe(
      'This conversation ends in 5 minutes.',
    );
  });

  it('counts down in minutes:seconds, and says the last minute once', () => {
    show({ tier: 'basic', endsAtMs: NOW + 61_000, prolongable: false });
    expect(screen.getByRole('timer').textContent).toBe('Ends in 1:01');
    expect(screen.getByText('Free conversations last 40 minutes.')).toBeDefined();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('timer').textContent).toBe('Ends in 0:59');
    expect(screen.getByTestId('session-countdown-announcement').textContent).toBe(
      'This conversation ends in 1 minute.',
    );
  });

  it('offers an entitled host another period', async () => {
    const { actions, user } = show({ tier: 'premium', endsAtMs: NOW + 120_000, prolongable: true });
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Add 120 minutes' }));
    expect(actions).toContainEqual(sessionLimitsActions.prolongRequested());
  });

  it('never offers it to a guest', () => {
    show({ tier: 'premium', endsAtMs: NOW + 120_000, prolongable: true }, guest);
    expect(screen.getByRole('timer')).toBeDefined();
    expect(screen.queryByTestId('session-prolong')).toBeNull();
  });
});
