import { describe, expect, it } from 'vitest';
import { transcriptReadable } from '../../../../src/server/transcripts/readable';
import { roomRecord } from '../../../helpers/room-record';

describe('transcriptReadable', () => {
  it('lets every member read during the conversation, whatever the sharing settings', () => {
    const room = roomRecord({ forbidSharing: true, allowTranscriptsSaving: false });
    expect(transcriptReadable(room, 'ro-member', 'guest1')).toBe(true);
  });

  it('after the end, lets others read only what the host shares and allows saving', () => {
    const ended = (changes = {}) => roomRecord({ state: 'ended', endedAtMs: 1, ...changes });
    expect(transcriptReadable(ended(), 'ended-member', 'guest1')).toBe(true);
    expect(transcriptReadable(ended({ forbidSharing: true }), 'ended-member', 'guest1')).toBe(false);
    expect(transcriptReadable(ended({ allowTranscriptsSaving: false }), 'ended-member', 'guest1')).toBe(
      false,
    );
  });

  it('lets others read it when the host can save, even if the conversation does not allow saving', () => {
    const ended = (changes = {}) => roomRecord({ state: 'ended', endedAtMs: 1, ...changes });
    expect(
      transcriptReadable(
        ended({ allowTranscriptsSaving: false, hostCanSave: true }),
        'ended-member',
        'guest1',
      ),
    ).toBe(true);
    // Forbidden sharing still wins.
    expect(
      transcriptReadable(
        ended({ allowTranscriptsSaving: false, hostCanSave: true, forbidSharing: true }),
        'ended-member',
        'guest1',
      ),
    ).toBe(false);
  });

  it('always lets the host read it back', () => {
    const room = roomRecord({ state: 'ended', forbidSharing: true, allowTranscriptsSaving: false });
    expect(transcriptReadable(room, 'ended-member', room.hostAvaId)).toBe(true);
  });
});

describe('transcriptReadable: owners the host named', () => {
  it('lets an owner read it back whatever the sharing settings, and nobody else through them', () => {
    const closed = roomRecord({
      state: 'ended',
      endedAtMs: 1,
      forbidSharing: true,
      allowTranscriptsSaving: false,
      transcriptOwners: ['guest1'],
    });
    expect(transcriptReadable(closed, 'ended-member', 'guest1')).toBe(true);
    expect(transcriptReadable(closed, 'ended-member', 'guest2')).toBe(false);
    expect(transcriptReadable(closed, 'ended-member', undefined)).toBe(false);
  });
});
