// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PremiumCreditCountdown } from '../../../../../../src/renderer/features/credits/components/PremiumCreditCountdown';
import type { CreditsState } from '../../../../../../src/renderer/features/credits/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';
import { profile } from '../../../../../helpers/account-sagas';

const NOW = 1_700_000_000_000;
const me = { kind: 'account' as const, avaId: 'acc1', userName: 'Ada', token: 't' };

function show(credits: CreditsState) {
  return renderApp(<PremiumCreditCountdown />, inRoom(makeStatus(), me, { credits }));
}

describe('PremiumCreditCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('counts down 1000 ms per tick while one’s Premium stream runs, as a labelled timer', () => {
    show({ countdown: { baseMs: 61_500, sinceMs: NOW }, ranOut: false });
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('Premium: 1:02 left');
    expect(timer.getAttribute('aria-label')).toBe('Premium captions, credit left: 1:02');
    act(() => vi.advanceTimersByTime(999));
    expect(screen.getByRole('timer').textContent).toBe('Premium: 1:02 left');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('timer').textContent).toBe('Premium: 1:01 left');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer').textContent).toBe('Premium: 0:58 left');
    // Not a live region: it would speak every second.
    expect(screen.getByRole('timer').closest('[aria-live]')).toBeNull();
  });

  it('holds still while stopped, and shows hours', () => {
    show({ countdown: { baseMs: 2 * 3_600_000 + 5000 }, ranOut: false });
    expect(screen.getByRole('timer').textContent).toBe('Premium credit: 2:00:05');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer').textContent).toBe('Premium credit: 2:00:05');
  });

  it('shows nothing to someone with no credit (a guest, or none left)', () => {
    show({ ranOut: false });
    expect(screen.queryByRole('timer')).toBeNull();
    cleanup();
    show({ countdown: { baseMs: 0 }, ranOut: false });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByTestId('premium-credit-announcement').textContent).toBe('');
  });

  it('shows no countdown to someone whose plan includes Premium (a Pro licence), running or not', () => {
    const pro = {
      status: 'ready' as const,
      profile: profile({ subscription: { ongoingSubscription: 'Pro' } }),
    };
    renderApp(
      <PremiumCreditCountdown />,
      inRoom(makeStatus(), me, {
        credits: { countdown: { baseMs: 0, sinceMs: NOW }, ranOut: false },
        profile: pro,
      }),
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText(/Premium: 0:00 left/)).toBeNull();
  });

  it('says once, politely, that the credit ran out and captions go on with Basic', () => {
    show({ countdown: { baseMs: 0 }, ranOut: true });
    const announcement = screen.getByRole('status');
    expect(announcement.textContent).toBe('Your Premium credit has run out: captions continue with Basic.');
    expect(screen.getByRole('timer').textContent).toBe('Premium credit: 0:00');
  });
});
