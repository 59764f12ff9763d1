/**
 * A live room's settings (rooms/room-settings.ts) on a real core: the title is stored before
 * anyone sees it, so a database that refuses it changes nothing anywhere; each setting of a
 * connection-params-update that changes is stored and told to everyone; ending is started, not
 * waited for.
 */
import { describe, expect, it } from 'vitest';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import { RoomSettings } from '../../../../src/server/rooms/room-settings';
import { testCore } from '../../../helpers/live-room';

function settingsAlone(options: { fail?: boolean } = {}) {
  const stored: { changes: Partial<RoomRecord>; recordThen: RoomRecord }[] = [];
  const t = testCore({ hooks: { stopStreams: () => new Promise<void>(() => undefined) } });
  const settings = new RoomSettings(t.core, {
    updateRoom: async (_id, changes) => {
      if (options.fail) throw new Error('database unreachable');
      stored.push({ changes, recordThen: t.core.record });
    },
  });
  t.member('host1');
  return { ...t, settings, stored };
}

describe('the settings alone', () => {
  it('store the title first, then tell everyone', async () => {
    const t = settingsAlone();
    await t.settings.updateTitle('Weekly meeting');
    expect(t.stored.map((s) => s.changes)).toEqual([{ title: 'Weekly meeting' }]);
    expect(t.stored[0]!.recordThen.title).toBe('');
    expect(t.core.record.title).toBe('Weekly meeting');
    expect(t.reasons('host1')).toEqual(['title-updated']);
  });

  it('store a transcript owner, then tell everyone; the host is always one and never listed', async () => {
    const t = settingsAlone();
    await t.settings.updateTranscriptOwner('guest1', true);
    expect(t.stored.map((s) => s.changes)).toEqual([{ transcriptOwners: ['guest1'] }]);
    expect(t.stored[0]!.recordThen.transcriptOwners ?? []).toEqual([]);
    expect(t.core.record.transcriptOwners).toEqual(['guest1']);
    expect(t.reasons('host1')).toEqual(['transcript-owners-changed']);
    // Again, or the host: nothing stored, nothing told.
    await t.settings.updateTranscriptOwner('guest1', true);
    await t.settings.updateTranscriptOwner(t.core.record.hostAvaId, true);
    expect(t.stored).toHaveLength(1);
    await t.settings.updateTranscriptOwner('guest1', false);
    expect(t.core.record.transcriptOwners).toEqual([]);
    expect(t.reasons('host1')).toEqual(['transcript-owners-changed', 'transcript-owners-changed']);
  });

  it('change no owner when the database refuses it', async () => {
    const t = settingsAlone({ fail: true });
    await expect(t.settings.updateTranscriptOwner('guest1', true)).rejects.toThrow('database unreachable');
    expect(t.core.record.transcriptOwners ?? []).toEqual([]);
    expect(t.reasons('host1')).toEqual([]);
  });

  it('change nothing when the database refuses the title', async () => {
    const t = settingsAlone({ fail: true });
    await expect(t.settings.updateTitle('Weekly meeting')).rejects.toThrow('database unreachable');
    expect(t.core.record.title).toBe('');
    expect(t.reasons('host1')).toEqual([]);
  });

  it('store and tell each setting that changes, and nothing for one that does not', async () => {
    const t = settingsAlone();
    await t.settings.updateParams({
      conversationMode: 'public',
      saveTranscript: true,
      requireAdmission: false,
      editingDisabled: false,
    });
    expect(t.stored).toEqual([]);
    await t.settings.updateParams({
      editingDisabled: true,
      requireAdmission: true,
      saveTranscript: false,
      conversationMode: 'public-muted',
    });
    expect(t.stored.map((s) => s.changes)).toEqual([
      { editingDisabled: true },
      { admissionRequired: true },
      { allowTranscriptsSaving: false },
      { conversationMode: 'public-muted' },
    ]);
    // Editing is stored before the record changes; the others change the record first.
    expect(t.stored[0]!.recordThen.editingDisabled).toBeUndefined();
    expect(t.stored[1]!.recordThen.admissionRequired).toBe(true);
    expect(t.reasons('host1')).toEqual(Array(4).fill('conversation-mode-changed'));
  });

  it('start ending the room without waiting for it', async () => {
    const t = settingsAlone();
    await t.settings.updateParams({ state: { value: 'ended' } });
    expect(t.core.endingOrEnded).toBe(true);
    expect(t.core.state).toBe('ongoing');
  });
});
