/**
 * The handshake of one socket: connection-params proves who connects, admits them to the room
 * (or creates it, for its host), makes them wait at the door while the host decides, and then
 * joins them: connection-succeeded, then the room's status.
 */
import type { ConnectionRole } from '../../shared/entities';
import type { ClientMessageOf, SocketErrorCode } from '../../shared/protocol';
import { hostOfRoomId, randomId } from '../../shared/ids';
import { plainLine } from '../../shared/validation';
import { SOCKET_ACCESS, allows, autoStopsFor, mayBeScribe, type Principal, type Refusal } from '../auth';
import type { ConnectionBoost } from '../boost';
import type { PremiumChoice } from '../credits';
import {
  admit,
  tokenKind,
  type ReaderCurseFilter,
  type MemberRecord,
  type LiveRoom,
  type RoomMember,
  realTimers,
} from '../rooms';
import { ViewerDelay } from '../scribes';
import type { SocketOutput } from './context';

export type Phase = 'awaiting-params' | 'connecting' | 'awaiting-admission' | 'connected' | 'closed';

/** What one socket is so far: the handshake makes it a member of a room. */
export interface ConnectionState {
  phase: Phase;
  room?: LiveRoom;
  member?: RoomMember;
  principal?: Principal;
  /**
   * The room whose host is being asked to let this person in: `id` is the request the host
   * answers (the person's, shared by all their sockets), `knock` this socket's own.
   */
  waiting?: { room: LiveRoom; id: string; knock: string };
  /** Accurate Scribe mode holds this viewer's captions back (scribes/viewer-delay.ts); set on joining. */
  viewerDelay?: ViewerDelay;
  /** Whose socket this counts as (identity-sockets.ts), and how to uncount it when it closes. */
  counted?: { avaId: string; release(): void };
}

/** What the handshake needs of its connection. */
export interface HandshakeIo extends SocketOutput {
  state: ConnectionState;
  /** The origin the client came from (the links of a room it creates). */
  origin: string | undefined;
  /** Queues work behind this socket's other messages (the host's answer at the door). */
  enqueue(task: () => Promise<void>): void;
  isOpen(): boolean;
  close(code: number, reason: string): void;
  /** The person is in: the time limit to say who one is no longer applies. */
  connected(): void;
  curseFilter: ReaderCurseFilter;
  premium: Pick<PremiumChoice, 'grantOf'>;
  boost: Pick<ConnectionBoost, 'load'>;
}

type Proven = Principal & { avaId: string };

export const REFUSAL_MESSAGES: Partial<Record<Refusal, string>> = {
  'invalid-credential': 'this guest credential is not valid: create a guest user again',
  'claims-mismatch': 'speakerId is not the person the credential or identity token proves',
  'expired-token': 'your sign-in has expired: sign in again',
  'accounts-unavailable': 'accounts are not configured on this server',
  unavailable: 'the sign-in service cannot be reached; try again',
};

/** An account host's own flags become the room's sharing settings when it creates one. */
export function sharingOf(principal: Principal): {
  forbidSharing: boolean;
  allowTranscriptsSaving: boolean;
  hostCanSave: boolean;
} {
  const features = principal.kind === 'account' ? principal.profile?.features : undefined;
  const forbidSaving = features?.['forbid-conversation-saving'] === true;
  return {
    forbidSharing: features?.['forbid-conversation-sharing'] === true,
    allowTranscriptsSaving: !forbidSaving,
    // Forbidding saving wins over being allowed to save.
    hostCanSave: !forbidSaving && features?.saveTranscript === true,
  };
}

/**
 * The name an account is shown by when its client sends none. The identity provider's name is
 * whatever its owner set there, and older profiles predate the plain-line rule: made one plain
 * line here like every name that enters a room.
 */
export function displayNameOf(principal: Principal): string {
  if (principal.kind === 'account') {
    return plainLine(
      principal.profile?.userName || principal.profile?.avaName || principal.identity.displayName || '',
    );
  }
  return '';
}

export class Handshake {
  constructor(private readonly io: HandshakeIo) {}

  /** connection-params: once per socket (again after a refusal). */
  async begin(message: ClientMessageOf<'connection-params'>): Promise<void> {
    const { io } = this;
    if (io.state.phase !== 'awaiting-params') {
      io.fail('already-connected', 'connection-params was already received on this socket', message.type);
      return;
    }
    io.state.phase = 'connecting';
    io.curseFilter.set(message.curseFilter);
    await this.connect(message);
  }

  private async connect(message: ClientMessageOf<'connection-params'>): Promise<void> {
    const { io } = this;
    const { deps } = io;
    const refuse = (code: SocketErrorCode, text: string) => {
      io.fail(code, text, message.type);
      io.state.phase = 'awaiting-params';
    };
    const proven = await deps.principals.fromConnectionParams(message);
    if (proven.kind === 'outsider' || !allows(SOCKET_ACCESS['connection-params'], proven.kind)) {
      refuse(
        'forbidden',
        (proven.kind === 'outsider' && proven.refusal && REFUSAL_MESSAGES[proven.refusal]) ||
          'prove who you are: a guestCredential from POST /api/v1/guest-users/me, or a signed-in identityToken',
      );
      return;
    }
    if (proven.avaId === undefined) {
      refuse('forbidden', 'this account has no profile yet: finish signing up first');
      return;
    }
    const who = { ...proven, avaId: proven.avaId };
    // Counted once per socket, against whoever it proves to be (issue 29 F-02).
    if (io.state.counted?.avaId !== who.avaId) {
      io.state.counted?.release();
      io.state.counted = undefined;
      const release = deps.identitySockets.take(who.avaId);
      if (!release) {
        refuse(
          'rate-limited',
          `you have ${deps.identitySockets.limit} connections open already: close one before opening another`,
        );
        return;
      }
      io.state.counted = { avaId: who.avaId, release };
    }
    const role: ConnectionRole = message.role ?? 'participant';
    if (role === 'scribe' && !mayBeScribe(who)) {
      refuse('forbidden', 'only Scribes may connect with the scribe role');
      return;
    }
    const record = await deps.rooms.find(message.roomId);
    const isHost = record ? record.hostAvaId === who.avaId : hostOfRoomId(message.roomId) === who.avaId;
    let admitted: MemberRecord;
    let alreadyMember = isHost;
    if (!record) {
      if (!isHost) {
        refuse('room-not-found', 'no conversation has this id; ask the host for the link or room name');
        return;
      }
      const refusal = await this.creationRefusal(who.avaId);
      if (refusal) {
        refuse('rate-limited', refusal);
        return;
      }
      admitted = { readonly: false, role };
    } else {
      const existing = await deps.rooms.membership(record.id, who.avaId);
      alreadyMember ||= existing !== undefined;
      const decision = admit({
        isHost,
        ended: record.state !== 'ongoing',
        membership: existing,
        token: tokenKind(message.token, record),
        claimedRole: role,
        // The desk's record, not the role claimed, makes someone the room's Scribe.
        scribe: isHost ? 'none' : ((await deps.scribes?.standingOf(record.id, who.avaId)) ?? 'none'),
      });
      if (!decision.ok) {
        refuse(decision.code, decision.message);
        return;
      }
      admitted = decision.member;
    }
    const userName = plainLine(message.username ?? '') || displayNameOf(who);
    const target = await deps.registry.open(
      message.roomId,
      { avaId: who.avaId, userName, sharing: sharingOf(who) },
      io.origin,
    );
    if (!alreadyMember && target.admissionRequired && target.state === 'ongoing') {
      this.waitAtTheDoor(target, who, userName, admitted, isHost);
      return;
    }
    await this.completeJoin(target, who, userName, admitted, isHost);
  }

  /**
   * The room requires admission and this person is not a member yet: they wait (joining state
   * `requested`), the host is asked, and the join completes or is refused when the host
   * answers. The socket keeps answering pings meanwhile; nothing else is handled.
   */
  private waitAtTheDoor(
    target: LiveRoom,
    who: Proven,
    userName: string,
    admitted: MemberRecord,
    isHost: boolean,
  ): void {
    const { io } = this;
    const knock = randomId(16);
    const door = target.requestAdmission(
      { id: knock, avaId: who.avaId, userName, role: admitted.role, fromSource: 'link' },
      (decision) =>
        io.enqueue(async () => {
          const { waiting } = io.state;
          if (io.state.phase !== 'awaiting-admission' || waiting?.knock !== knock) return;
          io.state.waiting = undefined;
          if (!decision.accepted) {
            io.send({
              type: 'connection-response',
              id: waiting.id,
              status: 'refused',
              reason: decision.reason,
            });
            io.state.phase = 'awaiting-params';
            io.deps.registry.released(target);
            return;
          }
          io.send({ type: 'connection-response', id: waiting.id, status: 'accepted' });
          await this.completeJoin(target, who, userName, admitted, isHost);
        }),
      io.deps.limits.admissionCooldownMs,
    );
    if (door.kind === 'cooling-down') {
      // The host just said no to this person: they are not asked again so soon.
      io.deps.registry.released(target);
      io.fail(
        'rate-limited',
        `the host said no ${Math.round(door.refusedMsAgo / 1000)} s ago: ask to join again in ${Math.ceil(door.retryInMs / 1000)} s`,
        'connection-params',
      );
      io.state.phase = 'awaiting-params';
      return;
    }
    io.state.phase = 'awaiting-admission';
    io.state.waiting = { room: target, id: door.id, knock };
    io.send({ type: 'connection-response', id: door.id, status: 'requested' });
  }

  private async completeJoin(
    target: LiveRoom,
    who: Proven,
    userName: string,
    admitted: MemberRecord,
    isHost: boolean,
  ): Promise<void> {
    const { io } = this;
    const { deps } = io;
    if (target.state === 'ongoing') await deps.rooms.touch(target.id, deps.now());
    // An ended room lets its members read, never write: they are not recorded again.
    const membership =
      target.state === 'ongoing'
        ? await deps.rooms.addMember(target.id, who.avaId, deps.now(), admitted)
        : admitted;
    if (!io.isOpen()) {
      deps.registry.released(target);
      return;
    }
    io.state.principal = who;
    // Accurate mode holds captions back for everyone but the Scribe, while a Scribe serves.
    const delay =
      membership.role === 'scribe'
        ? undefined
        : new ViewerDelay(
            () => target.scribe?.status === 'ongoing' && target.scribe.correctionMode === 'accurate',
            (message, options) => io.send(io.curseFilter.apply(message), options),
            { ...realTimers, now: deps.now },
          );
    io.state.viewerDelay = delay;
    const joined: RoomMember = {
      avaId: who.avaId,
      userName,
      ...(who.kind === 'account' && who.profile?.userPhoto ? { userAvatar: who.profile.userPhoto } : {}),
      role: membership.role,
      readonly: membership.readonly && !isHost,
      usePaidASR: false,
      // The beta toggle (PATCH /enrollBetaFeature solo_speaker_id), as the account had it on joining.
      identifySpeakers: who.kind === 'account' && who.profile?.features?.['solo-speaker-id'] === true,
      freeOrLite: autoStopsFor(who, deps.limits.premiumFor),
      // Everything the room sends this member passes through their curse filter (a copy: the
      // room's own captions, stored and sent to others, stay as said).
      send: (message, options) =>
        delay ? delay.send(message, options) : io.send(io.curseFilter.apply(message), options),
      close: (code, reason) => io.close(code, reason),
    };
    io.state.member = joined;
    io.state.room = target;
    io.state.phase = 'connected';
    io.connected();
    io.send({
      type: 'connection-succeeded',
      speakerId: who.avaId,
      roomId: target.id,
      serverTimeMs: deps.now(),
      readonly: joined.readonly || target.state !== 'ongoing',
      role: joined.role,
    });
    // The host's tier sets the conversation's time limit, once; an entitled host may prolong it.
    // A database that refuses it now leaves the limit to the host's next connection: joining
    // is not refused for it.
    if (isHost && target.state === 'ongoing') {
      const entitled = (await io.premium.grantOf(who)) !== 'none';
      await target.restrictSession(entitled ? 'premium' : 'basic', entitled).catch((error: unknown) =>
        deps.log('warn', 'could not store the conversation’s time limit', {
          roomId: target.id,
          error: (error as Error).message,
        }),
      );
      // Gone while that was stored: the close has already let the room go.
      if (!io.isOpen()) return;
    }
    await deps.scribes?.joining(target);
    target.join(joined);
    // The room's meeting bot, for the panel of someone who joins while it is there.
    const bot = deps.meetingBots?.statusFor(target);
    if (bot) io.send(bot);
    deps.scribes?.joined(target, joined);
    await io.boost.load(deps.boostWords, target, joined, deps.log);
  }

  /** Why `avaId` may not create another room now, or undefined when it may. */
  private async creationRefusal(avaId: string): Promise<string | undefined> {
    const { deps } = this.io;
    const live = deps.liveRoomsHostedBy
      ? await deps.liveRoomsHostedBy(avaId)
      : deps.registry.liveRoomsHostedBy(avaId);
    if (live >= deps.limits.liveRoomsPerIdentity) {
      return `you already host ${live} conversations: end one before starting another`;
    }
    if (
      !(await deps.roomCreations.take(`address:${deps.address}`)) ||
      !(await deps.roomCreations.take(`identity:${avaId}`))
    ) {
      return 'too many conversations started; wait a little and try again';
    }
    return undefined;
  }
}
