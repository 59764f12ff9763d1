/**
 * Live rooms' meeting bots as stored in cluster mode (migration 2026-12-21-cluster-002): what
 * the node that takes a room over needs to go on with its bot (meeting-bot/room-bots.ts): the
 * token its audio socket proves itself with, the provider's bot id, who it speaks as, the
 * meeting, and its status. Written by the room's owner as the bot moves.
 */
import type { Kysely } from 'kysely';
import type { BotView } from '../../shared/meeting-bot';
import type { Database } from '../db';
import type { MediaParticipantStore, StoredMediaParticipant } from '../media-participants';

export interface StoredMeetingBot extends StoredMediaParticipant {
  botId: string;
  memberName: string;
  meetingUrl: string;
  speechLang: string;
  status: BotView;
  inCall: boolean;
  ended: boolean;
}

export type MeetingBotChanges = Pick<StoredMeetingBot, 'speechLang' | 'status' | 'inCall' | 'ended'>;

/**
 * What MeetingBots writes and reads; `ofRoom`: the room's bots not ended by its host (one of
 * them at most is still in its meeting).
 */
export type MeetingBotStore = MediaParticipantStore<StoredMeetingBot, MeetingBotChanges>;

export class MeetingBotRepository implements MeetingBotStore {
  constructor(private readonly db: Kysely<Database>) {}

  async save(bot: StoredMeetingBot): Promise<void> {
    await this.db
      .insertInto('cluster_room_bots')
      .values({
        token: bot.token,
        room_id: bot.roomId,
        bot_id: bot.botId,
        member_ava_id: bot.memberAvaId,
        member_name: bot.memberName,
        meeting_url: bot.meetingUrl,
        speech_lang: bot.speechLang,
        status: JSON.stringify(bot.status),
        in_call: bot.inCall,
        ended: bot.ended,
      })
      .onConflict((oc) => oc.column('token').doNothing())
      .execute();
  }

  async update(token: string, changes: MeetingBotChanges): Promise<void> {
    await this.db
      .updateTable('cluster_room_bots')
      .set({
        speech_lang: changes.speechLang,
        status: JSON.stringify(changes.status),
        in_call: changes.inCall,
        ended: changes.ended,
      })
      .where('token', '=', token)
      .execute();
  }

  async ofRoom(roomId: string): Promise<StoredMeetingBot[]> {
    const rows = await this.db
      .selectFrom('cluster_room_bots')
      .selectAll()
      .where('room_id', '=', roomId)
      .where('ended', '=', false)
      .execute();
    return rows.map((row) => ({
      token: row.token,
      roomId: row.room_id,
      botId: row.bot_id,
      memberAvaId: row.member_ava_id,
      memberName: row.member_name,
      meetingUrl: row.meeting_url,
      speechLang: row.speech_lang,
      status: row.status as BotView,
      inCall: row.in_call,
      ended: row.ended,
    }));
  }
}
