/**
 * The host's controls of the room's mode (conversation.md section 6: private or public,
 * interactive or read-only). No state of their own: the room status says what the room is, and
 * the server changes it only for the host (auth/access.ts).
 */
import { createAction } from '@reduxjs/toolkit';
import type { ConversationMode } from '../../../shared/entities';

export const hostControlsActions = {
  /** `public`: interactive (members may correct); `public-muted`: read-only for members. */
  modeChanged: createAction<ConversationMode>('hostControls/modeChanged'),
};
