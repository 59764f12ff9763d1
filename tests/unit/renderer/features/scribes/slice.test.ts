/** The client's Scribe state: the dashboard's clock offset, the chat kept once per message, accepting. */
import { describe, expect, it } from 'vitest';
import {
  initialScribeState,
  scribeActions,
  scribeReducer,
} from '../../../../../src/renderer/features/scribes/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import type { ScribeChatMessage } from '../../../../../src/shared/scribe/api';

const message: ScribeChatMessage = {
  requestId: 'r1',
  fromAvaId: 'scribe1',
  fromRole: 'scribe',
  text: 'Hello',
  atMs: 1000,
};

describe('scribe slice', () => {
  it('keeps how far the server’s clock is from ours, for the seconds since an update', () => {
    const state = scribeReducer(
      initialScribeState,
      scribeActions.dashboardLoaded({
        dashboard: { nowMs: 10_000, waiting: [], serving: [] },
        receivedAtMs: 9_000,
      }),
    );
    expect(state.clockOffsetMs).toBe(1000);
  });

  it('keeps a chat message once though the server sends the chat again on every rejoin', () => {
    let state = scribeReducer(
      initialScribeState,
      socketActions.messageReceived({ type: 'scribe-chat', message }),
    );
    state = scribeReducer(state, socketActions.messageReceived({ type: 'scribe-chat', message }));
    state = scribeReducer(
      state,
      socketActions.messageReceived({
        type: 'scribe-chat',
        message: { ...message, text: 'Again', atMs: 2000 },
      }),
    );
    expect(state.chat.map((m) => m.text)).toEqual(['Hello', 'Again']);
  });

  it('opens the accepted room once, and not after a refusal', () => {
    let state = scribeReducer(initialScribeState, scribeActions.acceptRequested('r1'));
    expect(state.accepting).toBe('r1');
    state = scribeReducer(state, scribeActions.acceptFinished({}));
    expect(state.openRoom).toBeUndefined();
    state = scribeReducer(state, scribeActions.acceptFinished({ roomId: 'room1' }));
    expect(state.openRoom).toEqual({ roomId: 'room1' });
    state = scribeReducer(state, scribeActions.roomOpened());
    expect(state.openRoom).toBeUndefined();
  });
});
