/**
 * The phone calls of live rooms: the host dials a conference (POST /api/v1/calls), the call
 * is placed through the provider, its status (shared/phone-calls.ts nextPhoneCallState) is in
 * every member's room status (`twilioCalls`), and once its audio arrives it joins the room as
 * a participant, "Phone call", whose mu-law 8 kHz frames are decoded and resampled to the
 * engines' rate and captioned through the same path as a microphone's PCM stream. The host
 * hangs up (DELETE /api/v1/calls/{sid}); the room's end hangs up its calls too.
 *
 * One call at a time per room; ended calls stay listed (with why) while the room is live.
 *
 * Cluster mode (`takeover`): a call moves with its room. The owner stores each call (its token,
 * sid, speaker and status: phone-calls/repository.ts) and places it with a pause after its stream, so
 * that when the owner dies the call stays on, silent, instead of ending with the stream. The
 * node that takes the room over adopts its calls from the store (their callbacks and a new
 * stream prove themselves with the same token there) and asks the provider to stream each live
 * one to the service's address again (Twilio: the call updated with new TwiML), where the room's
 * owner, itself, gets the stream. A node that shuts down leaves its calls on for the same reason.
 */
import {
  type PhoneCallEvent,
  type PhoneCallState,
  type ProviderCallStatus,
  type StartPhoneCallRequest,
  type TwilioCall,
  PHONE_CALL_SPEAKER_NAME,
  PHONE_CALL_TEXTS,
  nextPhoneCallState,
  phoneCallIsOver,
} from '../../shared/phone-calls';
import { type G711Law, TelephoneDecoder } from '../../shared/telephone-audio';
import { randomId } from '../../shared/ids';
import type { LiveRoom, RoomMember } from '../rooms/room';
import type { PhoneCallProvider } from './provider';
import type { PhoneCallSink } from './sip-provider';
import type { PhoneCallStore, StoredPhoneCall } from './repository';

export interface PhoneCallsOptions {
  provider: PhoneCallProvider;
  /** Where the provider posts the call's status changes (`token` names the call, in `roomId`). */
  statusCallbackUrl(token: string, roomId: string): string;
  /** The websocket the provider streams the audio of a call in `roomId` to. */
  mediaStreamUrl(roomId: string): string;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** Cluster mode, with a provider that can `restream`: calls move with their rooms. */
  takeover?: {
    store: PhoneCallStore;
    /** How long a call whose stream ended without a hang-up waits for a new owner (seconds). */
    holdAfterStreamS: number;
  };
}

interface RoomCall {
  room: LiveRoom;
  member: RoomMember;
  /** Proves a status callback or a media stream is this call's (in its URL, in the stream's parameters). */
  token: string;
  sid?: string;
  state: PhoneCallState;
  request: StartPhoneCallRequest;
  startedAtMs: number;
  answered: boolean;
  inRoom: boolean;
  recording: boolean;
  /** The stream this call's audio comes on, once started. */
  streamSid?: string;
  decoder?: TelephoneDecoder;
}

export type StartResult =
  { ok: true; sid: string; call: TwilioCall } | { ok: false; status: number; code: string; message: string };

export class PhoneCalls implements PhoneCallSink {
  private readonly byRoom = new Map<string, RoomCall[]>();
  private readonly bySid = new Map<string, RoomCall>();
  private readonly byToken = new Map<string, RoomCall>();
  /** Rooms whose end already hangs up their calls. */
  private readonly watched = new WeakSet<LiveRoom>();

  constructor(private readonly options: PhoneCallsOptions) {}

  /** The room a call belongs to (the access table's resolver for DELETE /api/v1/calls/{sid}). */
  roomOf(sid: string): string | undefined {
    return this.bySid.get(sid)?.room.id;
  }

  /** The calls of a room, as its status shows them (the number only to the host, see room.ts). */
  callsOf(roomId: string): TwilioCall[] {
    return (this.byRoom.get(roomId) ?? []).filter((c) => c.sid).map((c) => this.view(c));
  }

  async start(room: LiveRoom, request: StartPhoneCallRequest): Promise<StartResult> {
    if (room.state !== 'ongoing')
      return { ok: false, status: 409, code: 'room-ended', message: 'the conversation has ended' };
    const calls = this.byRoom.get(room.id) ?? [];
    if (calls.some((c) => !phoneCallIsOver(c.state.status)))
      return {
        ok: false,
        status: 409,
        code: 'phone-call-in-progress',
        message: PHONE_CALL_TEXTS.alreadyInCall,
      };
    const call: RoomCall = {
      room,
      member: {
        avaId: `phone-call-${randomId(12)}`,
        userName: PHONE_CALL_SPEAKER_NAME,
        role: 'participant',
        readonly: false,
        usePaidASR: false,
        // The call reads nothing: what the room sends it goes nowhere.
        send: () => undefined,
      },
      token: randomId(32),
      state: { status: 'dialing' },
      request,
      startedAtMs: this.options.now(),
      answered: false,
      inRoom: false,
      recording: false,
    };
    this.byRoom.set(room.id, [...calls, call]);
    this.byToken.set(call.token, call);
    this.watch(room);
    try {
      const { sid } = await this.options.provider.place({
        to: request.calleeInternationalNumber,
        sendDigits: request.sendDigits,
        statusCallbackUrl: this.options.statusCallbackUrl(call.token, room.id),
        ...this.streamOf(call),
      });
      call.sid = sid;
      this.bySid.set(sid, call);
      // Placed either way: a call the store missed only cannot move if this node dies.
      await this.options.takeover?.store.save(this.stored(call, sid)).catch((error: Error) =>
        this.options.log('warn', 'a phone call could not be stored', {
          roomId: room.id,
          error: error.message,
        }),
      );
    } catch (error) {
      this.options.log('warn', 'the phone call could not be placed', {
        roomId: room.id,
        error: (error as Error).message,
      });
      this.byToken.delete(call.token);
      this.byRoom.set(
        room.id,
        (this.byRoom.get(room.id) ?? []).filter((c) => c !== call),
      );
      return {
        ok: false,
        status: 502,
        code: 'phone-call-unexpected-error',
        message: PHONE_CALL_TEXTS.unexpectedError,
      };
    }
    // Ended while the provider was placing it (the room ended): it is hung up at once.
    if (phoneCallIsOver(call.state.status)) void this.hangUpAtProvider(call);
    this.publish(room);
    return { ok: true, sid: call.sid, call: this.view(call) };
  }

  /** The host hangs up. An ended call is answered as it is (hanging up twice changes nothing). */
  async hangUp(roomId: string, sid: string): Promise<TwilioCall | undefined> {
    const call = this.bySid.get(sid);
    if (!call || call.room.id !== roomId) return undefined;
    if (!phoneCallIsOver(call.state.status)) {
      this.apply(call, { kind: 'hang-up', reason: 'hung-up-by-host' });
      await this.hangUpAtProvider(call);
    }
    return this.view(call);
  }

  /** A status callback, matched by the token of its URL and checked against the call's sid. */
  providerStatus(token: string, callSid: string, status: ProviderCallStatus): boolean {
    const call = this.byToken.get(token);
    if (!call || (call.sid !== undefined && call.sid !== callSid)) return false;
    if (status === 'in-progress') call.answered = true;
    this.apply(call, { kind: 'provider', status });
    return true;
  }

  /** A media stream started: its token must be a call's that is not over, and its call sid that call's. */
  mediaStarted(token: string, callSid: string, streamSid: string): boolean {
    const call = this.byToken.get(token);
    if (!call || phoneCallIsOver(call.state.status)) return false;
    if (call.sid !== undefined && call.sid !== callSid) return false;
    call.streamSid = streamSid;
    call.decoder = new TelephoneDecoder();
    if (call.room.state !== 'ongoing') return false;
    if (!call.inRoom) {
      call.inRoom = true;
      call.room.join(call.member);
    }
    this.apply(call, { kind: 'media-started' });
    return true;
  }

  /** One media frame (G.711 at 8 kHz: mu-law from Twilio, either law from a SIP trunk) of a started stream. */
  media(token: string, streamSid: string, payload: Uint8Array, law: G711Law = 'pcmu'): void {
    const call = this.byToken.get(token);
    if (!call || call.streamSid !== streamSid || !call.decoder || !call.inRoom) return;
    if (phoneCallIsOver(call.state.status) || call.room.state !== 'ongoing') return;
    try {
      if (!call.recording) {
        call.room.startAudio(call.member, call.request.speechLang);
        call.recording = true;
      }
      call.room.audio(call.member, call.decoder.decode(payload, law));
    } catch (error) {
      this.options.log('warn', 'phone call audio was refused by the room', {
        roomId: call.room.id,
        error: (error as Error).message,
      });
    }
  }

  /** The stream stopped (or its socket closed): the call leaves the room; its status follows the provider. */
  mediaStopped(token: string): void {
    const call = this.byToken.get(token);
    if (!call) return;
    this.leaveRoom(call);
    this.apply(call, { kind: 'media-stopped' });
  }

  /**
   * Cluster mode: the room `room` was taken by this node (loaded under its lease); its stored
   * calls are adopted, and each live one is streamed again to this service. A call this node
   * already has in this very room is left as it is.
   */
  async adopt(room: LiveRoom): Promise<void> {
    const takeover = this.options.takeover;
    if (!takeover) return;
    let stored: StoredPhoneCall[];
    try {
      stored = await takeover.store.ofRoom(room.id);
    } catch (error) {
      this.options.log('warn', 'the phone calls of a conversation taken over could not be read', {
        roomId: room.id,
        error: (error as Error).message,
      });
      return;
    }
    const adopted: RoomCall[] = [];
    for (const record of stored) {
      const known = this.byToken.get(record.token);
      if (known?.room === room) continue;
      // A copy of an earlier time this node owned the room: the stored call is newer.
      if (known) this.drop(known);
      const call: RoomCall = {
        room,
        member: {
          avaId: record.memberAvaId,
          userName: PHONE_CALL_SPEAKER_NAME,
          role: 'participant',
          readonly: false,
          usePaidASR: false,
          send: () => undefined,
        },
        token: record.token,
        sid: record.sid,
        // Its stream died with the node that had it.
        state: nextPhoneCallState(
          { status: record.status, ...(record.reason ? { reason: record.reason } : {}) },
          { kind: 'media-stopped' },
        ),
        request: record.request,
        startedAtMs: record.startedAtMs,
        answered: record.answered,
        inRoom: false,
        recording: false,
      };
      this.byRoom.set(room.id, [...(this.byRoom.get(room.id) ?? []), call]);
      this.byToken.set(call.token, call);
      this.bySid.set(record.sid, call);
      adopted.push(call);
    }
    if (adopted.length === 0) return;
    this.watch(room);
    this.publish(room);
    if (room.state !== 'ongoing') {
      // The conversation ended while its owner was dying: its calls end with it, as they would have.
      await this.roomEnded(room);
      return;
    }
    await Promise.all(
      adopted
        .filter((call) => !phoneCallIsOver(call.state.status))
        .map(async (call) => {
          try {
            await this.options.provider.restream!(call.sid!, this.streamOf(call));
            this.options.log('info', 'a phone call moved to this node with its conversation', {
              roomId: room.id,
            });
          } catch (error) {
            // The call ended meanwhile (the provider refuses to update it), or is unreachable.
            this.options.log(
              'warn',
              'a phone call of a conversation taken over could not be streamed again',
              {
                roomId: room.id,
                error: (error as Error).message,
              },
            );
            this.apply(call, { kind: 'error' });
          }
        }),
    );
  }

  /** Hangs up every call still on (the server is shutting down); in cluster mode they move instead. */
  async hangUpAll(): Promise<void> {
    if (this.options.takeover) return;
    const live = [...this.bySid.values()].filter((c) => !phoneCallIsOver(c.state.status));
    await Promise.all(
      live.map(async (call) => {
        this.apply(call, { kind: 'hang-up', reason: 'room-ended' });
        await this.hangUpAtProvider(call);
      }),
    );
  }

  private watch(room: LiveRoom): void {
    if (this.watched.has(room)) return;
    this.watched.add(room);
    room.onEnded(() => void this.roomEnded(room));
  }

  /** Where the call's audio is streamed (and, in cluster mode, how long it waits without). */
  private streamOf(call: RoomCall) {
    const hold = this.options.takeover?.holdAfterStreamS;
    return {
      mediaStreamUrl: this.options.mediaStreamUrl(call.room.id),
      streamParameters: { token: call.token },
      ...(hold !== undefined ? { holdAfterStreamS: hold } : {}),
    };
  }

  private stored(call: RoomCall, sid: string): StoredPhoneCall {
    return {
      token: call.token,
      roomId: call.room.id,
      sid,
      memberAvaId: call.member.avaId,
      request: call.request,
      startedAtMs: call.startedAtMs,
      answered: call.answered,
      status: call.state.status,
      ...(call.state.reason ? { reason: call.state.reason } : {}),
    };
  }

  /** Forgets a call held here (its room is no longer this copy). */
  private drop(call: RoomCall): void {
    this.leaveRoom(call);
    this.byToken.delete(call.token);
    if (call.sid) this.bySid.delete(call.sid);
    const rest = (this.byRoom.get(call.room.id) ?? []).filter((c) => c !== call);
    if (rest.length > 0) this.byRoom.set(call.room.id, rest);
    else this.byRoom.delete(call.room.id);
  }

  private async roomEnded(room: LiveRoom): Promise<void> {
    const live = (this.byRoom.get(room.id) ?? []).filter((c) => !phoneCallIsOver(c.state.status));
    await Promise.all(
      live.map(async (call) => {
        this.apply(call, { kind: 'hang-up', reason: 'room-ended' });
        await this.hangUpAtProvider(call);
      }),
    );
  }

  private apply(call: RoomCall, event: PhoneCallEvent): void {
    const before = call.state;
    call.state = nextPhoneCallState(call.state, event);
    if (phoneCallIsOver(call.state.status)) this.leaveRoom(call);
    if (call.state !== before && call.sid) {
      this.publish(call.room);
      this.store(call);
    }
  }

  /** Cluster mode: the call's new status, for a node that takes its room over. */
  private store(call: RoomCall): void {
    const store = this.options.takeover?.store;
    if (!store) return;
    store
      .update(call.token, {
        answered: call.answered,
        status: call.state.status,
        ...(call.state.reason ? { reason: call.state.reason } : {}),
      })
      .catch((error: Error) =>
        this.options.log('warn', 'a phone call’s status could not be stored', {
          roomId: call.room.id,
          error: error.message,
        }),
      );
  }

  private leaveRoom(call: RoomCall): void {
    if (!call.inRoom) return;
    call.inRoom = false;
    call.recording = false;
    call.room.leave(call.member);
  }

  private async hangUpAtProvider(call: RoomCall): Promise<void> {
    if (!call.sid) return;
    try {
      await this.options.provider.hangUp(call.sid, call.answered);
    } catch (error) {
      this.options.log('warn', 'the phone call could not be hung up at the provider', {
        roomId: call.room.id,
        error: (error as Error).message,
      });
    }
  }

  private publish(room: LiveRoom): void {
    room.setPhoneCalls(this.callsOf(room.id));
  }

  private view(call: RoomCall): TwilioCall {
    return {
      sid: call.sid ?? '',
      status: call.state.status,
      ...(call.state.reason ? { reason: call.state.reason } : {}),
      conferenceType: call.request.conferenceType,
      speechLang: call.request.speechLang,
      avaId: call.member.avaId,
      startedAtMs: call.startedAtMs,
      calleeInternationalNumber: call.request.calleeInternationalNumber,
    };
  }
}
