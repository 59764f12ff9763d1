/** A room's voicing speakers (shared/speakers.ts), stored so they outlive a restart. */
import type { Kysely } from 'kysely';
import type { Database } from '../db';

export interface StoredSpeaker {
  speakerId: string;
  name: string;
  /** Made by speaker identification rather than named by a person. */
  identified: boolean;
  /** Who said this speaker was them; their lines were given to that person. */
  claimedBy: string | null;
  createdAtMs: number;
}

export class SpeakerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates the speaker, or changes its name and claim (the id and creation time stay). */
  async save(roomId: string, s: StoredSpeaker): Promise<void> {
    await this.db
      .insertInto('room_speakers')
      .values({
        room_id: roomId,
        speaker_id: s.speakerId,
        name: s.name,
        identified: s.identified,
        claimed_by: s.claimedBy,
        created_at_ms: s.createdAtMs,
      })
      .onConflict((oc) =>
        oc.columns(['room_id', 'speaker_id']).doUpdateSet({ name: s.name, claimed_by: s.claimedBy }),
      )
      .execute();
  }

  /** In the order they were made. */
  async list(roomId: string): Promise<StoredSpeaker[]> {
    const rows = await this.db
      .selectFrom('room_speakers')
      .selectAll()
      .where('room_id', '=', roomId)
      .orderBy('created_at_ms')
      .orderBy('speaker_id')
      .execute();
    return rows.map((r) => ({
      speakerId: r.speaker_id,
      name: r.name,
      identified: r.identified,
      claimedBy: r.claimed_by,
      createdAtMs: Number(r.created_at_ms),
    }));
  }
}
