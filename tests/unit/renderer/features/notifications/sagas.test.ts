import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNACKBAR_ERROR_HIDE_MS, SNACKBAR_HIDE_MS } from '../../../../../src/shared/constants';
import { notificationsSaga } from '../../../../../src/renderer/features/notifications/sagas';
import { notificationsActions } from '../../../../../src/renderer/features/notifications/slice';
import { run } from '../../../../helpers/saga-harness';

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most three, hides them after 5 s (errors after 10 s)', async () => {
    const app = run(notificationsSaga, []);
    app.dispatch(notificationsActions.notify({ intent: 'danger', key: 'conversation.endFailed' }));
    for (const key of ['invite.copied', 'audio.trackEnded', 'audio.needsConnection'] as const) {
      app.dispatch(notificationsActions.notify({ intent: 'primary', key }));
    }
    expect(app.state.notifications.items.map((n) => n.key)).toEqual([
      'invite.copied',
      'audio.trackEnded',
      'audio.needsConnection',
    ]);
    await vi.advanceTimersByTimeAsync(SNACKBAR_HIDE_MS);
    expect(app.state.notifications.items).toEqual([]);
    app.dispatch(notificationsActions.notify({ intent: 'danger', key: 'conversation.endFailed' }));
    await vi.advanceTimersByTimeAsync(SNACKBAR_HIDE_MS);
    expect(app.state.notifications.items).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SNACKBAR_ERROR_HIDE_MS - SNACKBAR_HIDE_MS);
    expect(app.state.notifications.items).toEqual([]);
    app.task.cancel();
  });

  it('keeps a sticky notice until it is dismissed, and makes newer ones give way before it', async () => {
    const app = run(notificationsSaga, []);
    app.dispatch(notificationsActions.notify({ intent: 'warning', key: 'audio.autoStopped', sticky: true }));
    for (const key of ['invite.copied', 'audio.trackEnded', 'audio.needsConnection'] as const) {
      app.dispatch(notificationsActions.notify({ intent: 'primary', key }));
    }
    // Over the limit: the oldest fading one went, not the older sticky one.
    expect(app.state.notifications.items.map((n) => n.key)).toEqual([
      'audio.autoStopped',
      'audio.trackEnded',
      'audio.needsConnection',
    ]);
    await vi.advanceTimersByTimeAsync(10 * SNACKBAR_ERROR_HIDE_MS);
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['audio.autoStopped']);
    app.dispatch(notificationsActions.dismiss(app.state.notifications.items[0]!.id));
    expect(app.state.notifications.items).toEqual([]);
    app.task.cancel();
  });

  it('shows the same message once', () => {
    const app = run(notificationsSaga, []);
    app.dispatch(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
    app.dispatch(notificationsActions.notify({ intent: 'warning', key: 'audio.trackEnded' }));
    expect(app.state.notifications.items).toHaveLength(1);
    app.task.cancel();
  });
});
