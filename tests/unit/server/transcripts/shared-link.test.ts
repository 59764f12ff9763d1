import { describe, expect, it } from 'vitest';
import { sharedLinkRoom, transcriptShareable } from '../../../../src/server/transcripts/shared-link';
import { roomRecord } from '../../../helpers/room-record';

const ended = roomRecord({ state: 'ended', allowTranscriptsSaving: true, forbidSharing: false });

describe('what a read-only link opens', () => {
  it('opens an ended room by its read-only token while the host shares it', () => {
    expect(sharedLinkRoom({ room: ended, readonly: true }, true)).toBe(ended);
  });

  it.each([
    ['no room has the token', undefined, true],
    ['the read-write token', { room: ended, readonly: false }, true],
    ['the host does not share it', { room: ended, readonly: true }, false],
    ['the room is still going', { room: { ...ended, state: 'ongoing' as const }, readonly: true }, true],
    ['the host forbids sharing', { room: { ...ended, forbidSharing: true }, readonly: true }, true],
    [
      'the conversation is not kept for others',
      { room: { ...ended, allowTranscriptsSaving: false, hostCanSave: false }, readonly: true },
      true,
    ],
  ])('opens nothing when %s', (_why, found, shared) => {
    expect(sharedLinkRoom(found, shared)).toBeUndefined();
  });

  it('may be shared when the host can save even if the conversation does not allow saving', () => {
    expect(transcriptShareable({ ...ended, allowTranscriptsSaving: false, hostCanSave: true })).toBe(true);
    expect(transcriptShareable({ ...ended, allowTranscriptsSaving: false, hostCanSave: false })).toBe(false);
  });
});
