/**
 * The meeting bots of live rooms: at most one per room, started and ended by its host. The
 * bot's status (shared/meeting-bot.ts BotStatusMachine) is told to every member; its audio
 * joins the room as a participant named after the meeting, through the same path as a
 * microphone's PCM stream (LiveRoom.startAudio / audio).
 *
 * Cluster mode (`takeover`): a bot moves with its room. The owner stores the bot (its token, bot
 * id, speaker, meeting and status: meeting-bot/repository.ts); when the owner dies, the bot stays in its
 * meeting but its real-time audio socket closes, and the provider does not open it again by
 * itself. The node that takes the room over adopts the bot from the store (its webhooks and its
 * audio socket prove themselves with the same bot id and token there) and asks the provider to
 * start recording again with the same real-time endpoint (Recall: Start Recording), so the bot
 * connects anew, through the service's address, to the room's owner.
 *
 * What a bot shares with a phone call (tracking, the room's member, its track, its status stored,
 * the end with the room, the adoption) is media-participants/'s; what is a bot's is here.
 */
import {
  type BotErrorKey,
  type BotServerCode,
  BotStatusMachine,
  type BotClock,
  BOT_PANEL_TEXTS,
  botIsActive,
  checkMeetingUrl,
  meetingSpeakerName,
} from '../../shared/meeting-bot';
import type { ServerMessageOf } from '../../shared/protocol';
import { randomId } from '../../shared/ids';
import type { LiveRoom } from '../rooms';
import {
  type Adopted,
  type MediaParticipant,
  MediaParticipants,
  type OwnFields,
} from '../media-participants';
import type { BotEvents, MeetingBotProvider } from './provider';
import type { MeetingBotChanges, MeetingBotStore, StoredMeetingBot } from './repository';

export interface MeetingBotsOptions {
  provider: MeetingBotProvider;
  /** The real-time audio endpoint for one bot in `roomId`; `token` proves the audio is that bot's. */
  audioEndpoint(token: string, roomId: string): string;
  /** The test meeting page's links are accepted only where tests run (never in production). */
  allowTestMeetings: boolean;
  clock: BotClock;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** Cluster mode, with a provider that can `restartAudio`: bots move with their rooms. */
  takeover?: { store: MeetingBotStore };
}

/** A bot: `providerId` is its bot id at the provider; `inRoom` once it is in the meeting's call. */
interface RoomBot extends MediaParticipant {
  machine: BotStatusMachine;
  meetingUrl: string;
  speechLang: string;
  /** The host took it out: later events only finish it. */
  ended: boolean;
}

export type BotRequestResult =
  { ok: true } | { ok: false; reason: 'invalid-link' | 'requested-already'; message: string };

export class MeetingBots
  extends MediaParticipants<RoomBot, StoredMeetingBot, MeetingBotChanges, MeetingBotsOptions>
  implements BotEvents
{
  protected readonly kind = 'meeting-bot';
  /** What a meeting bot logs when a step of its life cycle fails (or moves it). */
  protected readonly lines = {
    audioRefused: 'meeting audio was refused by the room',
    notEndedAtProvider: 'the meeting bot could not be told to leave',
    notSaved: 'a meeting bot could not be stored',
    notUpdated: 'a meeting bot’s status could not be stored',
    notRead: 'the meeting bot of a conversation taken over could not be read',
    moved: 'a meeting bot moved to this node with its conversation',
    notMoved: 'a meeting bot of a conversation taken over could not be heard again',
  };

  /** The status a member sees on joining, if the room has (had) a bot. */
  statusFor(room: LiveRoom): ServerMessageOf<'ava-bot-status'> | undefined {
    const bot = this.latest(room.id);
    return bot ? this.message(bot) : undefined;
  }

  request(room: LiveRoom, meetingUrl: string, speechLang: string): BotRequestResult {
    const checked = checkMeetingUrl(meetingUrl);
    if (!checked.ok || (checked.platform === 'test-meeting' && !this.options.allowTestMeetings))
      return { ok: false, reason: 'invalid-link', message: BOT_PANEL_TEXTS.invalidLink };
    const existing = this.latest(room.id);
    if (existing && botIsActive(existing.machine.current.status))
      return { ok: false, reason: 'requested-already', message: 'ava_bot_requested_already' };
    if (existing) this.drop(existing);
    const name = meetingSpeakerName(checked.url, checked.platform);
    const bot = this.track(
      this.newBot({
        room,
        member: this.member(name),
        token: randomId(32),
        meetingUrl: checked.url,
        speechLang,
      }),
    );
    bot.machine.requested();
    void this.options.provider
      .create({
        meetingUrl: checked.url,
        botName: 'Hearken captions',
        audioEndpoint: this.options.audioEndpoint(bot.token, room.id),
        metadata: { roomId: room.id },
      })
      .then(async ({ botId }) => {
        await this.identified(bot, botId);
        // Ended while the provider was creating it: it leaves at once.
        if (bot.ended) void this.leave(bot);
      })
      .catch((error: Error) => {
        this.options.log('warn', 'the meeting bot could not be created', {
          roomId: room.id,
          error: error.message,
        });
        if (!bot.ended) bot.machine.failed('bot_errored');
      });
    return { ok: true };
  }

  /** The self-hosted bot runs in this process: only a provider's bot that can restart its audio moves. */
  protected override canMove(): boolean {
    return this.options.provider.restartAudio !== undefined;
  }

  /** One bot at a time per room: the one still in its meeting, if any. */
  protected adoptable(records: StoredMeetingBot[]): StoredMeetingBot[] {
    const record = records.find((r) => botIsActive(r.status.status));
    return record ? [record] : [];
  }

  protected revive(room: LiveRoom, record: StoredMeetingBot): RoomBot {
    return this.newBot({
      room,
      member: this.member(record.memberName, record.memberAvaId),
      token: record.token,
      meetingUrl: record.meetingUrl,
      speechLang: record.speechLang,
      providerId: record.botId,
    });
  }

  /** The bot is back in the room as it was, and the provider asked to send its audio here. */
  protected async resume(room: LiveRoom, adopted: Adopted<RoomBot, StoredMeetingBot>[]): Promise<void> {
    for (const { participant: bot, record } of adopted) {
      if (record.inCall && room.state === 'ongoing') this.joinRoom(bot);
      bot.machine.restore(record.status);
      const heard = await this.moveAudio(bot, (botId) =>
        this.options.provider.restartAudio!(botId, this.options.audioEndpoint(bot.token, room.id)),
      );
      if (heard) continue;
      this.leaveRoom(bot);
      if (!bot.ended) bot.machine.failed('bot_errored');
    }
  }

  /**
   * A bot of `room` (new, or adopted after a takeover) that this node now follows: its status
   * is announced to the room and stored on every change.
   */
  private newBot(
    fields: Pick<RoomBot, 'room' | 'member' | 'token' | 'meetingUrl' | 'speechLang' | 'providerId'>,
  ): RoomBot {
    const bot: RoomBot = {
      ...fields,
      inRoom: false,
      recording: false,
      ended: false,
      machine: new BotStatusMachine(this.options.clock, () => this.changed(bot)),
    };
    return bot;
  }

  /** The language the room's bot captions (and speaks) in. */
  speechLangOf(room: LiveRoom): string | undefined {
    return this.latest(room.id)?.speechLang;
  }

  /** Whether the room's bot can speak a typed reply into its meeting now. */
  canSpeak(room: LiveRoom): boolean {
    const bot = this.latest(room.id);
    return (
      bot !== undefined &&
      bot.providerId !== undefined &&
      bot.inRoom &&
      !bot.ended &&
      (this.options.provider.canSpeak?.(bot.providerId) ?? false)
    );
  }

  /** Plays speech into the room's meeting through its bot; false when it cannot (any more). */
  async speak(room: LiveRoom, samples: Int16Array, sampleRate: number): Promise<boolean> {
    const bot = this.latest(room.id);
    if (!bot?.providerId || !this.canSpeak(room)) return false;
    return (await this.options.provider.speak?.(bot.providerId, samples, sampleRate)) ?? false;
  }

  /** The host takes the bot out of the meeting (the room's end too). */
  async end(room: LiveRoom): Promise<void> {
    const bot = this.latest(room.id);
    if (!bot || bot.ended) return;
    bot.ended = true;
    if (botIsActive(bot.machine.current.status)) bot.machine.ended();
    this.store(bot);
    this.leaveRoom(bot);
    await this.leave(bot);
  }

  protected roomEnded(room: LiveRoom): Promise<void> {
    return this.end(room);
  }

  updateSpeechLang(room: LiveRoom, speechLang: string): void {
    const bot = this.latest(room.id);
    if (!bot || bot.ended) return;
    bot.speechLang = speechLang;
    // The track restarts in the new language; the words already said keep theirs.
    if (bot.recording) this.startTrack(bot, speechLang);
    this.changed(bot);
  }

  status(botId: string, code: BotServerCode, subCode?: string): void {
    const bot = this.withProviderId(botId);
    if (!bot) {
      this.options.log('info', 'a meeting bot event for no bot of ours', { botId, code });
      return;
    }
    if (!bot.ended) bot.machine.code(code, subCode);
    if (code === 'in_call_recording' || code === 'in_call_not_recording') {
      if (!bot.inRoom && !bot.ended && bot.room.state === 'ongoing') {
        this.joinRoom(bot);
        this.store(bot);
      }
    }
    if (code === 'call_ended' || code === 'fatal' || code === 'recording_permission_denied')
      this.leaveRoom(bot);
    if (code === 'done') {
      this.leaveRoom(bot);
      this.unreachable(bot);
    }
  }

  /** Audio from the real-time endpoint: `token` from its URL, `botId` from the message. */
  audioFor(token: string, botId: string, samples: Int16Array): boolean {
    const bot = this.withToken(token);
    if (!bot || (bot.providerId !== undefined && bot.providerId !== botId)) return false;
    this.write(bot, samples);
    return true;
  }

  audio(botId: string, samples: Int16Array): void {
    const bot = this.withProviderId(botId);
    if (bot) this.write(bot, samples);
  }

  /** Whether a real-time endpoint token belongs to a bot (checked when its socket opens). */
  knowsToken(token: string): boolean {
    return this.withToken(token) !== undefined;
  }

  /** Audio before the bot is in the call, or after it left, is not the meeting's. */
  private write(bot: RoomBot, samples: Int16Array): void {
    if (!bot.ended) this.hear(bot, bot.speechLang, () => samples);
  }

  private leave(bot: RoomBot): Promise<void> {
    return this.endAtProvider(bot, (botId) => this.options.provider.leave(botId));
  }

  protected override drop(bot: RoomBot): void {
    bot.machine.dispose();
    super.drop(bot);
  }

  protected stored(bot: RoomBot): OwnFields<StoredMeetingBot> {
    return {
      botId: bot.providerId!,
      memberName: bot.member.userName,
      meetingUrl: bot.meetingUrl,
      speechLang: bot.speechLang,
      status: bot.machine.current,
      inCall: bot.inRoom,
      ended: bot.ended,
    };
  }

  protected changes(bot: RoomBot): MeetingBotChanges {
    return {
      speechLang: bot.speechLang,
      status: bot.machine.current,
      inCall: bot.inRoom,
      ended: bot.ended,
    };
  }

  protected announce(bot: RoomBot): void {
    bot.room.announce(this.message(bot));
  }

  private message(bot: RoomBot): ServerMessageOf<'ava-bot-status'> {
    const view = bot.machine.current;
    return {
      type: 'ava-bot-status',
      status: view.status,
      ...(view.error ? { error: view.error as BotErrorKey } : {}),
      meetingUrl: bot.meetingUrl,
      speechLang: bot.speechLang,
      ...(this.canSpeak(bot.room) ? { speaks: true } : {}),
    };
  }
}
