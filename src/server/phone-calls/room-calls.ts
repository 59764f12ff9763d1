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
 *
 * What a call shares with a meeting bot (tracking, the room's member, its track, its status
 * stored, the end with the room, the adoption) is media-participants/'s; what is a call's is here.
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
import type { LiveRoom } from '../rooms';
import {
  type Adopted,
  type MediaParticipant,
  MediaParticipants,
  type OwnFields,
} from '../media-participants';
import type { PhoneCallProvider } from './provider';
import type { PhoneCallSink } from './sip-provider';
import type { PhoneCallChanges, PhoneCallStore, StoredPhoneCall } from './repository';

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

/** A call: `providerId` is its sid; its `token` is in its callback URL and its stream's parameters. */
interface RoomCall extends MediaParticipant {
  state: PhoneCallState;
  request: StartPhoneCallRequest;
  startedAtMs: number;
  answered: boolean;
  /** The stream this call's audio comes on, once started. */
  streamSid?: string;
  decoder?: TelephoneDecoder;
}

export type StartResult =
  { ok: true; sid: string; call: TwilioCall } | { ok: false; status: number; code: string; message: string };

export class PhoneCalls
  extends MediaParticipants<RoomCall, StoredPhoneCall, PhoneCallChanges, PhoneCallsOptions>
  implements PhoneCallSink
{
  protected readonly kind = 'phone-call';
  /** What a phone call logs when a step of its life cycle fails (or moves it). */
  protected readonly lines = {
    audioRefused: 'phone call audio was refused by the room',
    notEndedAtProvider: 'the phone call could not be hung up at the provider',
    notSaved: 'a phone call could not be stored',
    notUpdated: 'a phone call’s status could not be stored',
    notRead: 'the phone calls of a conversation taken over could not be read',
    moved: 'a phone call moved to this node with its conversation',
    notMoved: 'a phone call of a conversation taken over could not be streamed again',
  };

  /** The room a call belongs to (the access table's resolver for DELETE /api/v1/calls/{sid}). */
  roomOf(sid: string): string | undefined {
    return this.withProviderId(sid)?.room.id;
  }

  /** The calls of a room, as its status shows them (the number only to the host, see rooms/room-status.ts). */
  callsOf(roomId: string): TwilioCall[] {
    return this.ofRoom(roomId)
      .filter((c) => c.providerId)
      .map((c) => this.view(c));
  }

  async start(room: LiveRoom, request: StartPhoneCallRequest): Promise<StartResult> {
    if (room.state !== 'ongoing')
      return { ok: false, status: 409, code: 'room-ended', message: 'the conversation has ended' };
    if (this.ofRoom(room.id).some((c) => !phoneCallIsOver(c.state.status)))
      return {
        ok: false,
        status: 409,
        code: 'phone-call-in-progress',
        message: PHONE_CALL_TEXTS.alreadyInCall,
      };
    const call = this.track({
      room,
      member: this.member(PHONE_CALL_SPEAKER_NAME),
      token: randomId(32),
      state: { status: 'dialing' },
      request,
      startedAtMs: this.options.now(),
      answered: false,
      inRoom: false,
      recording: false,
    });
    try {
      const { sid } = await this.options.provider.place({
        to: request.calleeInternationalNumber,
        sendDigits: request.sendDigits,
        statusCallbackUrl: this.options.statusCallbackUrl(call.token, room.id),
        ...this.streamOf(call),
      });
      await this.identified(call, sid);
    } catch (error) {
      this.options.log('warn', 'the phone call could not be placed', {
        roomId: room.id,
        error: (error as Error).message,
      });
      // Only forgotten, as it always was: it never was in the room unless a stream started
      // before the provider answered (docs/phone-calls.md, Not done yet).
      super.drop(call);
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
    return { ok: true, sid: call.providerId!, call: this.view(call) };
  }

  /** The host hangs up. An ended call is answered as it is (hanging up twice changes nothing). */
  async hangUp(roomId: string, sid: string): Promise<TwilioCall | undefined> {
    const call = this.withProviderId(sid);
    if (!call || call.room.id !== roomId) return undefined;
    if (!phoneCallIsOver(call.state.status)) {
      this.apply(call, { kind: 'hang-up', reason: 'hung-up-by-host' });
      await this.hangUpAtProvider(call);
    }
    return this.view(call);
  }

  /** A status callback, matched by the token of its URL and checked against the call's sid. */
  providerStatus(token: string, callSid: string, status: ProviderCallStatus): boolean {
    const call = this.withToken(token);
    if (!call || (call.providerId !== undefined && call.providerId !== callSid)) return false;
    if (status === 'in-progress') call.answered = true;
    this.apply(call, { kind: 'provider', status });
    return true;
  }

  /** A media stream started: its token must be a call's that is not over, and its call sid that call's. */
  mediaStarted(token: string, callSid: string, streamSid: string): boolean {
    const call = this.withToken(token);
    if (!call || phoneCallIsOver(call.state.status)) return false;
    if (call.providerId !== undefined && call.providerId !== callSid) return false;
    call.streamSid = streamSid;
    call.decoder = new TelephoneDecoder();
    if (call.room.state !== 'ongoing') return false;
    this.joinRoom(call);
    this.apply(call, { kind: 'media-started' });
    return true;
  }

  /** One media frame (G.711 at 8 kHz: mu-law from Twilio, either law from a SIP trunk) of a started stream. */
  media(token: string, streamSid: string, payload: Uint8Array, law: G711Law = 'pcmu'): void {
    const call = this.withToken(token);
    const decoder = call?.decoder;
    if (!call || call.streamSid !== streamSid || !decoder || phoneCallIsOver(call.state.status)) return;
    this.hear(call, call.request.speechLang, () => decoder.decode(payload, law));
  }

  /** The stream stopped (or its socket closed): the call leaves the room; its status follows the provider. */
  mediaStopped(token: string): void {
    const call = this.withToken(token);
    if (!call) return;
    this.leaveRoom(call);
    this.apply(call, { kind: 'media-stopped' });
  }

  /** Hangs up every call still on (the server is shutting down); in cluster mode they move instead. */
  async hangUpAll(): Promise<void> {
    if (this.options.takeover) return;
    await this.hangUpLive(this.all(), 'room-ended');
  }

  /** Every stored call of the room is taken up (ended ones stay listed while the room is live). */
  protected adoptable(records: StoredPhoneCall[]): StoredPhoneCall[] {
    return records;
  }

  protected revive(room: LiveRoom, record: StoredPhoneCall): RoomCall {
    return {
      room,
      member: this.member(PHONE_CALL_SPEAKER_NAME, record.memberAvaId),
      token: record.token,
      providerId: record.sid,
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
  }

  /** The room is told of its calls, and each live one is streamed again to this service. */
  protected async resume(room: LiveRoom, adopted: Adopted<RoomCall, StoredPhoneCall>[]): Promise<void> {
    this.publish(room);
    if (room.state !== 'ongoing') {
      // The conversation ended while its owner was dying: its calls end with it, as they would have.
      await this.roomEnded(room);
      return;
    }
    await Promise.all(
      adopted
        .map(({ participant }) => participant)
        .filter((call) => !phoneCallIsOver(call.state.status))
        .map(async (call) => {
          const streamed = await this.moveAudio(call, (sid) =>
            this.options.provider.restream!(sid, this.streamOf(call)),
          );
          if (!streamed) this.apply(call, { kind: 'error' });
        }),
    );
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

  protected stored(call: RoomCall): OwnFields<StoredPhoneCall> {
    return {
      sid: call.providerId!,
      request: call.request,
      startedAtMs: call.startedAtMs,
      answered: call.answered,
      status: call.state.status,
      ...(call.state.reason ? { reason: call.state.reason } : {}),
    };
  }

  protected changes(call: RoomCall): PhoneCallChanges {
    return {
      answered: call.answered,
      status: call.state.status,
      ...(call.state.reason ? { reason: call.state.reason } : {}),
    };
  }

  /** Forgets a call held here (its placing failed, or its room is no longer this copy). */
  protected override drop(call: RoomCall): void {
    this.leaveRoom(call);
    super.drop(call);
  }

  protected roomEnded(room: LiveRoom): Promise<void> {
    return this.hangUpLive(this.ofRoom(room.id), 'room-ended');
  }

  private async hangUpLive(calls: readonly RoomCall[], reason: 'room-ended'): Promise<void> {
    const live = calls.filter((c) => !phoneCallIsOver(c.state.status));
    await Promise.all(
      live.map(async (call) => {
        this.apply(call, { kind: 'hang-up', reason });
        await this.hangUpAtProvider(call);
      }),
    );
  }

  private apply(call: RoomCall, event: PhoneCallEvent): void {
    const before = call.state;
    call.state = nextPhoneCallState(call.state, event);
    if (phoneCallIsOver(call.state.status)) this.leaveRoom(call);
    if (call.state !== before && call.providerId) this.changed(call);
  }

  private hangUpAtProvider(call: RoomCall): Promise<void> {
    return this.endAtProvider(call, (sid) => this.options.provider.hangUp(sid, call.answered));
  }

  protected announce(call: RoomCall): void {
    this.publish(call.room);
  }

  private publish(room: LiveRoom): void {
    room.setPhoneCalls(this.callsOf(room.id));
  }

  private view(call: RoomCall): TwilioCall {
    return {
      sid: call.providerId ?? '',
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
