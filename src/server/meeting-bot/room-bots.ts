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
import type { LiveRoom, RoomMember } from '../rooms/room';
import type { BotEvents, MeetingBotProvider } from './provider';
import type { MeetingBotStore, StoredMeetingBot } from './repository';

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

interface RoomBot {
  room: LiveRoom;
  machine: BotStatusMachine;
  member: RoomMember;
  token: string;
  meetingUrl: string;
  speechLang: string;
  botId?: string;
  inCall: boolean;
  recording: boolean;
  /** The host took it out: later events only finish it. */
  ended: boolean;
}

export type BotRequestResult =
  { ok: true } | { ok: false; reason: 'invalid-link' | 'requested-already'; message: string };

export class MeetingBots implements BotEvents {
  private readonly byRoom = new Map<string, RoomBot>();
  private readonly byBot = new Map<string, RoomBot>();
  private readonly byToken = new Map<string, RoomBot>();

  constructor(private readonly options: MeetingBotsOptions) {}

  /** The status a member sees on joining, if the room has (had) a bot. */
  statusFor(room: LiveRoom): ServerMessageOf<'ava-bot-status'> | undefined {
    const bot = this.byRoom.get(room.id);
    return bot ? this.message(bot) : undefined;
  }

  request(room: LiveRoom, meetingUrl: string, speechLang: string): BotRequestResult {
    const checked = checkMeetingUrl(meetingUrl);
    if (!checked.ok || (checked.platform === 'test-meeting' && !this.options.allowTestMeetings))
      return { ok: false, reason: 'invalid-link', message: BOT_PANEL_TEXTS.invalidLink };
    const existing = this.byRoom.get(room.id);
    if (existing && botIsActive(existing.machine.current.status))
      return { ok: false, reason: 'requested-already', message: 'ava_bot_requested_already' };
    if (existing) this.forget(existing);
    const name = meetingSpeakerName(checked.url, checked.platform);
    const member: RoomMember = {
      avaId: `meeting-bot-${randomId(12)}`,
      userName: name,
      role: 'participant',
      readonly: false,
      usePaidASR: false,
      // The bot reads nothing: what the room sends it goes nowhere.
      send: () => undefined,
    };
    const bot = this.track({ room, member, token: randomId(32), meetingUrl: checked.url, speechLang });
    bot.machine.requested();
    void this.options.provider
      .create({
        meetingUrl: checked.url,
        botName: 'Hearken captions',
        audioEndpoint: this.options.audioEndpoint(bot.token, room.id),
        metadata: { roomId: room.id },
      })
      .then(async ({ botId }) => {
        bot.botId = botId;
        this.byBot.set(botId, bot);
        await this.options.takeover?.store.save(this.stored(bot, botId)).catch((error: Error) =>
          this.options.log('warn', 'a meeting bot could not be stored', {
            roomId: room.id,
            error: error.message,
          }),
        );
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

  /**
   * Cluster mode: the room `room` was taken by this node (loaded under its lease); its stored
   * bot, if one is still in its meeting, is adopted and its audio asked for again here. A bot
   * this node already has in this very room is left as it is.
   */
  async adopt(room: LiveRoom): Promise<void> {
    const takeover = this.options.takeover;
    if (!takeover || !this.options.provider.restartAudio) return;
    let record: StoredMeetingBot | undefined;
    try {
      // One bot at a time per room: the one still in its meeting, if any.
      record = (await takeover.store.ofRoom(room.id)).find((r) => botIsActive(r.status.status));
    } catch (error) {
      this.options.log('warn', 'the meeting bot of a conversation taken over could not be read', {
        roomId: room.id,
        error: (error as Error).message,
      });
      return;
    }
    if (!record || !botIsActive(record.status.status)) return;
    const known = this.byToken.get(record.token);
    if (known?.room === room) return;
    // A copy of an earlier time this node owned the room: the stored bot is newer.
    if (known) this.forget(known);
    const bot = this.track({
      room,
      member: {
        avaId: record.memberAvaId,
        userName: record.memberName,
        role: 'participant',
        readonly: false,
        usePaidASR: false,
        send: () => undefined,
      },
      token: record.token,
      meetingUrl: record.meetingUrl,
      speechLang: record.speechLang,
      botId: record.botId,
    });
    this.byBot.set(record.botId, bot);
    if (record.inCall && room.state === 'ongoing') {
      bot.inCall = true;
      room.join(bot.member);
    }
    bot.machine.restore(record.status);
    try {
      await this.options.provider.restartAudio(record.botId, this.options.audioEndpoint(bot.token, room.id));
      this.options.log('info', 'a meeting bot moved to this node with its conversation', { roomId: room.id });
    } catch (error) {
      // The bot left meanwhile (the provider refuses), or the provider is unreachable.
      this.options.log('warn', 'a meeting bot of a conversation taken over could not be heard again', {
        roomId: room.id,
        error: (error as Error).message,
      });
      this.leaveRoom(bot);
      if (!bot.ended) bot.machine.failed('bot_errored');
    }
  }

  /**
   * A bot of `room` (new, or adopted after a takeover) that this node now follows: its status
   * is announced to the room and stored on every change, and it ends with the room.
   */
  private track(
    fields: Pick<RoomBot, 'room' | 'member' | 'token' | 'meetingUrl' | 'speechLang' | 'botId'>,
  ): RoomBot {
    const { room } = fields;
    const bot: RoomBot = {
      ...fields,
      inCall: false,
      recording: false,
      ended: false,
      machine: new BotStatusMachine(this.options.clock, () => {
        room.announce(this.message(bot));
        this.store(bot);
      }),
    };
    this.byRoom.set(room.id, bot);
    this.byToken.set(bot.token, bot);
    room.onEnded(() => void this.end(room));
    return bot;
  }

  /** The language the room's bot captions (and speaks) in. */
  speechLangOf(room: LiveRoom): string | undefined {
    return this.byRoom.get(room.id)?.speechLang;
  }

  /** Whether the room's bot can speak a typed reply into its meeting now. */
  canSpeak(room: LiveRoom): boolean {
    const bot = this.byRoom.get(room.id);
    return (
      bot !== undefined &&
      bot.botId !== undefined &&
      bot.inCall &&
      !bot.ended &&
      (this.options.provider.canSpeak?.(bot.botId) ?? false)
    );
  }

  /** Plays speech into the room's meeting through its bot; false when it cannot (any more). */
  async speak(room: LiveRoom, samples: Int16Array, sampleRate: number): Promise<boolean> {
    const bot = this.byRoom.get(room.id);
    if (!bot?.botId || !this.canSpeak(room)) return false;
    return (await this.options.provider.speak?.(bot.botId, samples, sampleRate)) ?? false;
  }

  /** The host takes the bot out of the meeting. */
  async end(room: LiveRoom): Promise<void> {
    const bot = this.byRoom.get(room.id);
    if (!bot || bot.ended) return;
    bot.ended = true;
    if (botIsActive(bot.machine.current.status)) bot.machine.ended();
    this.store(bot);
    this.leaveRoom(bot);
    await this.leave(bot);
  }

  updateSpeechLang(room: LiveRoom, speechLang: string): void {
    const bot = this.byRoom.get(room.id);
    if (!bot || bot.ended) return;
    bot.speechLang = speechLang;
    // The track restarts in the new language; the words already said keep theirs.
    if (bot.recording) this.startTrack(bot);
    room.announce(this.message(bot));
    this.store(bot);
  }

  status(botId: string, code: BotServerCode, subCode?: string): void {
    const bot = this.byBot.get(botId);
    if (!bot) {
      this.options.log('info', 'a meeting bot event for no bot of ours', { botId, code });
      return;
    }
    if (!bot.ended) bot.machine.code(code, subCode);
    if (code === 'in_call_recording' || code === 'in_call_not_recording') {
      if (!bot.inCall && !bot.ended && bot.room.state === 'ongoing') {
        bot.inCall = true;
        bot.room.join(bot.member);
        this.store(bot);
      }
    }
    if (code === 'call_ended' || code === 'fatal' || code === 'recording_permission_denied')
      this.leaveRoom(bot);
    if (code === 'done') {
      this.leaveRoom(bot);
      this.byBot.delete(botId);
      this.byToken.delete(bot.token);
    }
  }

  /** Audio from the real-time endpoint: `token` from its URL, `botId` from the message. */
  audioFor(token: string, botId: string, samples: Int16Array): boolean {
    const bot = this.byToken.get(token);
    if (!bot || (bot.botId !== undefined && bot.botId !== botId)) return false;
    this.write(bot, samples);
    return true;
  }

  audio(botId: string, samples: Int16Array): void {
    const bot = this.byBot.get(botId);
    if (bot) this.write(bot, samples);
  }

  /** Whether a real-time endpoint token belongs to a bot (checked when its socket opens). */
  knowsToken(token: string): boolean {
    return this.byToken.has(token);
  }

  private write(bot: RoomBot, samples: Int16Array): void {
    // Audio before the bot is in the call, or after it left, is not the meeting's.
    if (!bot.inCall || bot.ended || bot.room.state !== 'ongoing') return;
    try {
      if (!bot.recording) this.startTrack(bot);
      bot.room.audio(bot.member, samples);
    } catch (error) {
      this.options.log('warn', 'meeting audio was refused by the room', {
        roomId: bot.room.id,
        error: (error as Error).message,
      });
    }
  }

  private startTrack(bot: RoomBot): void {
    bot.room.startAudio(bot.member, bot.speechLang);
    bot.recording = true;
  }

  private leaveRoom(bot: RoomBot): void {
    if (!bot.inCall) return;
    bot.inCall = false;
    bot.recording = false;
    bot.room.leave(bot.member);
  }

  private async leave(bot: RoomBot): Promise<void> {
    if (!bot.botId) return;
    try {
      await this.options.provider.leave(bot.botId);
    } catch (error) {
      this.options.log('warn', 'the meeting bot could not be told to leave', {
        roomId: bot.room.id,
        error: (error as Error).message,
      });
    }
  }

  /** Cluster mode: the bot's new state, for a node that takes its room over. */
  private store(bot: RoomBot): void {
    const store = this.options.takeover?.store;
    if (!store || !bot.botId) return;
    store
      .update(bot.token, {
        speechLang: bot.speechLang,
        status: bot.machine.current,
        inCall: bot.inCall,
        ended: bot.ended,
      })
      .catch((error: Error) =>
        this.options.log('warn', 'a meeting bot’s status could not be stored', {
          roomId: bot.room.id,
          error: error.message,
        }),
      );
  }

  private stored(bot: RoomBot, botId: string): StoredMeetingBot {
    return {
      token: bot.token,
      roomId: bot.room.id,
      botId,
      memberAvaId: bot.member.avaId,
      memberName: bot.member.userName,
      meetingUrl: bot.meetingUrl,
      speechLang: bot.speechLang,
      status: bot.machine.current,
      inCall: bot.inCall,
      ended: bot.ended,
    };
  }

  private forget(bot: RoomBot): void {
    bot.machine.dispose();
    this.byRoom.delete(bot.room.id);
    this.byToken.delete(bot.token);
    if (bot.botId) this.byBot.delete(bot.botId);
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
