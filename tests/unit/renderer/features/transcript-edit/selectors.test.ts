import { describe, expect, it } from 'vitest';
import type { RootState } from '../../../../../src/renderer/app/root-reducer';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { selectEditing } from '../../../../../src/renderer/features/transcript-edit/selectors';
import {
  initialTranscriptEditState,
  transcriptEditReducer,
} from '../../../../../src/renderer/features/transcript-edit/slice';

/**
 * Only what selectEditing may read: who this person is, the room's status, how they joined, and
 * the editor's state once the server said which role they joined with.
 */
function stateOf(
  who: { avaId: string; role: 'participant' | 'scribe' },
  editingDisabled: boolean,
): RootState {
  const joined = socketActions.messageReceived({
    type: 'connection-succeeded',
    speakerId: who.avaId,
    roomId: 'host1_room',
    serverTimeMs: 0,
    readonly: false,
    role: who.role,
  });
  return {
    session: { identity: { avaId: who.avaId } },
    conversation: {
      readonly: false,
      ...(who.role === 'scribe' ? { role: 'scribe' } : {}),
      status: {
        host: { avaId: 'host1' },
        state: { value: 'ongoing' },
        conversationMode: 'normal',
        editingDisabled,
      },
    },
    transcriptEdit: transcriptEditReducer(initialTranscriptEditState, joined),
  } as unknown as RootState;
}

describe('selectEditing', () => {
  it('lets only the host correct while the host has editing off: a Scribe is told why, as any member', () => {
    expect(selectEditing(stateOf({ avaId: 'host1', role: 'participant' }, true))).toMatchObject({
      allowed: true,
    });
    expect(selectEditing(stateOf({ avaId: 'scribe1', role: 'scribe' }, true))).toEqual({
      visible: true,
      allowed: false,
      reason: 'editing.disabled',
    });
    expect(selectEditing(stateOf({ avaId: 'scribe1', role: 'scribe' }, false))).toMatchObject({
      allowed: true,
    });
  });
});
