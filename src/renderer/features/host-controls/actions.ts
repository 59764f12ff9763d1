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
  /** The host sets what language someone's speech is recognised in (change-speaker-language). */
  speakerLanguageChanged: createAction<{ avaId: string; language: string }>(
    'hostControls/speakerLanguageChanged',
  ),
  /** The host names someone an owner of the transcript, or no longer (update-transcript-owner). */
  transcriptOwnerChanged: createAction<{ avaId: string; owner: boolean }>(
    'hostControls/transcriptOwnerChanged',
  ),
};
