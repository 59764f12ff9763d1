/** A room record for tests, ongoing and open, with whatever a test changes. */
import type { RoomRecord } from '../../src/server/rooms/repository';

export function roomRecord(changes: Partial<RoomRecord> = {}): RoomRecord {
  return {
    id: 'host1_room',
    name: 'blue-cat-42',
    hostAvaId: 'host1',
    hostAvaName: 'Ada',
    title: '',
    langs: ['en-US'],
    conversationMode: 'public',
    startTimestampMs: 0,
    state: 'ongoing',
    endedAtMs: null,
    roToken: 'ro',
    rwToken: 'rw',
    forbidSharing: false,
    allowTranscriptsSaving: true,
    admissionRequired: false,
    ...changes,
  };
}
