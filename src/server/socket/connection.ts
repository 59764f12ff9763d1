/**
 * One client's realtime socket: validates every message, keeps the protocol's order
 * (connection-params first; connection-succeeded then room-status answer it), limits floods,
 * and hands valid requests to the room. A bad message gets an error naming the problem and
 * changes nothing else.
 */
import { wireText } from './shared-serialization';
import type { RawData } from 'ws';
import { type ConnectionSocket, outgoingVerdict } from './transport';
import {
  MAX_AUDIO_BYTES_PER_SECOND,
  MAX_AUDIO_FRAME_BYTES,
  MAX_AUDIO_FRAMES_PER_SECOND,
  MAX_AUDIO_SPEED,
  MAX_TEXT_MESSAGES_PER_SECOND,
  PING_INTERVAL_MS,
  SERVER_IDLE_TIMEOUT_MS,
  DEFAULT_SPEECH_LANG,
} from '../../shared/constants';
import type { ConnectionRole } from '../../shared/entities';
import { littleEndianBytesToInt16 } from '../../shared/audio';
import {
  parseClientMessage,
  type ClientMessage,
  type ClientMessageOf,
  type ServerMessage,
  type SocketErrorCode,
} from '../../shared/protocol';
import { normalizeTitle, normalizeTypedText } from '../../shared/validation';
import { hostOfRoomId, randomId } from '../../shared/ids';
import {
  type Actor,
  SOCKET_ACCESS,
  type SocketAction,
  allows,
  roomActor,
  socketActionsOf,
} from '../auth/access';
import { autoStopsFor, currentPremiumGrant, mayBeScribe, mayBoost, servedTier } from '../auth/entitlements';
import type { CreditRepository } from '../credits/repository';
import { SESSION_ENDED_REASON } from '../../shared/session-limits';
import type { Principal, PrincipalResolver, Refusal } from '../auth/principal';
import type { MemberRecord, RoomRepository } from '../rooms/repository';
import type { RateLimiter } from '../http/address-limits';
import type { ServerLimits } from '../limits';
import { admit, tokenKind } from '../rooms/admission';
import type { LiveRoom, RoomMember } from '../rooms/room';
import { ReaderCurseFilter } from '../rooms/curse-filter';
import { RoomError } from '../rooms/room';
import { EDITING_DISABLED_MESSAGE } from '../../shared/transcript-edit/mutation';
import type { RoomRegistry } from '../rooms/registry';
import type { MeetingBots } from '../meeting-bot/room-bots';
import { BOT_PANEL_TEXTS } from '../../shared/meeting-bot';
import { TokenBucket } from '../token-bucket';
import { rateLimited } from '../metrics/process-metrics';
import type { TtsStatus } from '../../native/tts/types';
import { speakReply } from '../voiced-replies/speak-reply';
import { speakIntoMeeting } from '../meeting-bot/speak-into-meeting';
import { voiceOfRequest } from '../voiced-replies/voice-choice';
import { forVoicedReplyListeners } from '../voiced-replies/listeners';
import { closeEndsRoom } from '../../shared/end-sequence';
import type { WebRtcConfig } from '../webrtc/config';
import { WebRtcAudio } from './webrtc-audio';
import { SCRIBE_ERRORS } from '../../shared/scribe/model';
import { type ScribeDesk, ScribeError } from '../scribes/desk';
import { ViewerDelay } from '../scribes/viewer-delay';
import { realTimers } from '../rooms/throttle';
import type { BoostWordsRepository } from '../boost/repository';
import { BOOST_REQUIRES_UPGRADE, applyBoostChange, transcriptVocabulary } from '../../shared/boost-words';

export interface ConnectionDeps {
  registry: RoomRegistry;
  /** Who connects: the guest credential or identity token of connection-params, checked. */
  principals: Pick<PrincipalResolver, 'fromConnectionParams'>;
  rooms: Pick<RoomRepository, 'find' | 'membership' | 'addMember' | 'touch'>;
  limits: ServerLimits;
  /** Rooms created, keyed `address:<ip>` and `identity:<avaId>` (shared by all connections). */
  roomCreations: RateLimiter;
  /**
   * Pages of finals asked for (shared by all connections): keyed `identity:<avaId>` under
   * limits.transcriptPages, and `address:<ip>` under ten times that.
   */
  transcriptPages: { identity: Pick<RateLimiter, 'take'>; address: Pick<RateLimiter, 'take'> };
  /** The client's address (behind a trusted proxy, the person's). */
  address: string;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** The text-to-speech engine, or why voiced replies are off. */
  tts?: TtsStatus;
  /** WebRTC audio (webrtc/config.ts); absent or off: only PCM frames on the socket. */
  webrtc?: WebRtcConfig;
  /** The rooms' meeting bots; absent: request-ava-bot is refused as unavailable. */
  meetingBots?: MeetingBots;
  /** Scribe requests (scribes/desk.ts); absent: nobody can request a Scribe. */
  scribes?: ScribeDesk;
  /** Accounts' credits: Premium on credit (auth/entitlements.ts); absent: credit gives nothing. */
  credits?: Pick<CreditRepository, 'get'>;
  /** People's boost lists (boost/repository.ts); absent: boost messages answer an empty list. */
  boostWords?: Pick<BoostWordsRepository, 'list' | 'save'>;
  /**
   * Ongoing rooms an identity hosts that are live (cluster mode: on any node); absent: those in
   * this server's registry.
   */
  liveRoomsHostedBy?(avaId: string): Promise<number>;
}

/** Said to a client that asked for Premium it is not entitled to: it is served Basic. */
export const PREMIUM_NOT_ENTITLED_MESSAGE =
  'Premium captions are not included in your plan and you have no Premium credit: your captions are Basic';

const REFUSAL_MESSAGES: Partial<Record<Refusal, string>> = {
  'invalid-credential': 'this guest credential is not valid: create a guest user again',
  'claims-mismatch': 'speakerId is not the person the credential or identity token proves',
  'expired-token': 'your sign-in has expired: sign in again',
  'accounts-unavailable': 'accounts are not configured on this server',
  unavailable: 'the sign-in service cannot be reached; try again',
};

/** Messages waiting to be handled; a client that outruns this is flooding. */
const MAX_QUEUED = 200;
/** Limit violations tolerated before the connection is closed. */
const MAX_VIOLATIONS = 50;

type Phase = 'awaiting-params' | 'connecting' | 'awaiting-admission' | 'connected' | 'closed';

/** An account host's own flags become the room's sharing settings when it creates one. */
function sharingOf(principal: Principal): {
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

function displayNameOf(principal: Principal): string {
  if (principal.kind === 'account') {
    return principal.profile?.userName || principal.profile?.avaName || principal.identity.displayName || '';
  }
  return '';
}

export function handleConnection(ws: ConnectionSocket, deps: ConnectionDeps, origin?: string): void {
  let phase: Phase = 'awaiting-params';
  let room: LiveRoom | undefined;
  let member: RoomMember | undefined;
  let principal: Principal | undefined;
  /** The room whose host is being asked to let this person in. */
  let waiting: { room: LiveRoom; id: string } | undefined;
  const audioStarts = new TokenBucket(
    deps.limits.audioStarts.ratePerSecond,
    deps.limits.audioStarts.burst,
    deps.now,
  );
  const typedMessages = new TokenBucket(
    deps.limits.typedMessages.ratePerSecond,
    deps.limits.typedMessages.burst,
    deps.now,
  );
  const ttsRequests = new TokenBucket(
    deps.limits.ttsRequests.ratePerSecond,
    deps.limits.ttsRequests.burst,
    deps.now,
  );
  /** What this reader's captions pass through (connection-params, then set-curse-filter). */
  const curseFilter = new ReaderCurseFilter();
  /** Accurate Scribe mode holds this viewer's captions back (scribes/viewer-delay.ts); set on joining. */
  let viewerDelay: ViewerDelay | undefined;
  /** Voices being read for this socket: stopped when it closes. */
  const speaking = new AbortController();
  /** What the client asked for (connection-params-update usePaidASR); the server decides (servedTier). */
  let askedPaidASR: boolean | undefined;
  /** The Premium grant now; credit that cannot be read gives Basic rather than refusing to caption. */
  const premiumGrantOf = (who: Principal) =>
    currentPremiumGrant(who, deps.limits.premiumFor, deps.credits).catch((error: unknown) => {
      deps.log('warn', 'could not read Premium credit; serving Basic', { error: (error as Error).message });
      return 'none' as const;
    });
  // A socket that does not say who it is soon is closed: idle sockets cost memory and a slot.
  const connectTimer = setTimeout(() => {
    // Waiting at the door is not idle: the admission desk has its own time limit.
    if (phase === 'awaiting-params' || phase === 'connecting') {
      ws.close(1008, 'connection-params not received in time');
    }
  }, deps.limits.connectTimeoutMs);
  connectTimer.unref();
  let lastSeen = deps.now();
  let queued = 0;
  let violations = 0;
  /** Audio frames dropped because recognition is too far behind. */
  let backlogDrops = 0;
  let chain: Promise<void> = Promise.resolve();
  const textLimit = new TokenBucket(MAX_TEXT_MESSAGES_PER_SECOND, MAX_TEXT_MESSAGES_PER_SECOND * 2, deps.now);
  const frameLimit = new TokenBucket(MAX_AUDIO_FRAMES_PER_SECOND, MAX_AUDIO_FRAMES_PER_SECOND * 2, deps.now);
  const byteLimit = new TokenBucket(MAX_AUDIO_BYTES_PER_SECOND, MAX_AUDIO_BYTES_PER_SECOND * 2, deps.now);

  const send = (message: ServerMessage, options?: { droppable?: boolean }) => {
    if (ws.readyState !== ws.OPEN) return;
    const droppable = options?.droppable === true;
    // A relayed socket's buffer is on the front node: it skips or terminates there.
    if (droppable && ws.sendDroppable) return ws.sendDroppable(wireText(message));
    const verdict = outgoingVerdict(ws.bufferedAmount, droppable);
    if (verdict === 'terminate') ws.terminate();
    else if (verdict === 'send') ws.send(wireText(message));
  };
  const fail = (code: SocketErrorCode, message: string, inReplyTo?: string) =>
    send({ type: 'error', error: { code, message }, ...(inReplyTo ? { inReplyTo } : {}) });

  const webrtc = new WebRtcAudio({
    config: deps.webrtc,
    send: (message) => send(message),
    // Function declarations below: hoisted, and only called once audio flows.
    deliver: (samples) => webrtcChunk(samples),
    log: deps.log,
  });

  /** Counts a refused message; audio problems repeat many times a second, so their errors are sampled. */
  const violation = (code: SocketErrorCode, message: string, inReplyTo?: string, sampled = false) => {
    violations += 1;
    if (!sampled || violations === 1 || violations % 10 === 0) fail(code, message, inReplyTo);
    if (violations >= MAX_VIOLATIONS) ws.close(1008, 'too many invalid or excessive messages');
  };

  const heartbeat = setInterval(() => {
    if (deps.now() - lastSeen > SERVER_IDLE_TIMEOUT_MS) {
      ws.terminate();
      return;
    }
    ws.ping();
  }, PING_INTERVAL_MS);
  heartbeat.unref();
  ws.on('pong', () => {
    lastSeen = deps.now();
  });

  async function connect(message: Extract<ClientMessage, { type: 'connection-params' }>): Promise<void> {
    const refuse = (code: SocketErrorCode, text: string) => {
      fail(code, text, message.type);
      phase = 'awaiting-params';
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
    const role: ConnectionRole = message.role ?? 'participant';
    if (role === 'scribe' && !mayBeScribe(who)) {
      refuse('forbidden', 'only Scribes may connect with the scribe role');
      return;
    }
    const record = await deps.rooms.find(message.roomId);
    const isHost = record ? record.hostAvaId === who.avaId : hostOfRoomId(message.roomId) === who.avaId;
    // A Scribe the host sent away does not come back as this room's Scribe.
    if (role === 'scribe' && record && !isHost && (await deps.scribes?.wasRemoved(record.id, who.avaId))) {
      refuse('forbidden', SCRIBE_ERRORS['not-serving']);
      return;
    }
    let admitted: MemberRecord;
    let alreadyMember = isHost;
    if (!record) {
      if (!isHost) {
        refuse('room-not-found', 'no conversation has this id; ask the host for the link or room name');
        return;
      }
      const refusal = await creationRefusal(who.avaId);
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
        role,
      });
      if (!decision.ok) {
        refuse(decision.code, decision.message);
        return;
      }
      admitted = decision.member;
    }
    const userName = message.username?.trim() || displayNameOf(who);
    const target = await deps.registry.open(
      message.roomId,
      { avaId: who.avaId, userName, sharing: sharingOf(who) },
      origin,
    );
    if (!alreadyMember && target.admissionRequired && target.state === 'ongoing') {
      waitAtTheDoor(target, who, userName, admitted, isHost);
      return;
    }
    await completeJoin(target, who, userName, admitted, isHost);
  }

  /**
   * The room requires admission and this person is not a member yet: they wait (joining state
   * `requested`), the host is asked, and the join completes or is refused when the host
   * answers. The socket keeps answering pings meanwhile; nothing else is handled.
   */
  function waitAtTheDoor(
    target: LiveRoom,
    who: Principal & { avaId: string },
    userName: string,
    admitted: MemberRecord,
    isHost: boolean,
  ): void {
    const id = randomId(16);
    phase = 'awaiting-admission';
    waiting = { room: target, id };
    send({ type: 'connection-response', id, status: 'requested' });
    target.requestAdmission(
      { id, avaId: who.avaId, userName, role: admitted.role, fromSource: 'link' },
      (decision) =>
        enqueue(async () => {
          if (phase !== 'awaiting-admission' || waiting?.id !== id) return;
          waiting = undefined;
          if (!decision.accepted) {
            send({ type: 'connection-response', id, status: 'refused', reason: decision.reason });
            phase = 'awaiting-params';
            deps.registry.released(target);
            return;
          }
          send({ type: 'connection-response', id, status: 'accepted' });
          await completeJoin(target, who, userName, admitted, isHost);
        }),
    );
  }

  async function completeJoin(
    target: LiveRoom,
    who: Principal & { avaId: string },
    userName: string,
    admitted: MemberRecord,
    isHost: boolean,
  ): Promise<void> {
    if (target.state === 'ongoing') await deps.rooms.touch(target.id, deps.now());
    // An ended room lets its members read, never write: they are not recorded again.
    const membership =
      target.state === 'ongoing'
        ? await deps.rooms.addMember(target.id, who.avaId, deps.now(), admitted)
        : admitted;
    if (ws.readyState !== ws.OPEN) {
      deps.registry.released(target);
      return;
    }
    principal = who;
    // Accurate mode holds captions back for everyone but the Scribe, while a Scribe serves.
    const delay =
      membership.role === 'scribe'
        ? undefined
        : new ViewerDelay(
            () => target.scribe?.status === 'ongoing' && target.scribe.correctionMode === 'accurate',
            (message, options) => send(curseFilter.apply(message), options),
            { ...realTimers, now: deps.now },
          );
    viewerDelay = delay;
    const joined: RoomMember = {
      avaId: who.avaId,
      userName,
      role: membership.role,
      readonly: membership.readonly && !isHost,
      usePaidASR: false,
      // The beta toggle (PATCH /enrollBetaFeature solo_speaker_id), as the account had it on joining.
      identifySpeakers: who.kind === 'account' && who.profile?.features?.['solo-speaker-id'] === true,
      freeOrLite: autoStopsFor(who, deps.limits.premiumFor),
      // Everything the room sends this member passes through their curse filter (a copy: the
      // room's own captions, stored and sent to others, stay as said).
      send: (message, options) =>
        delay ? delay.send(message, options) : send(curseFilter.apply(message), options),
      close: (code, reason) => ws.close(code, reason),
    };
    member = joined;
    room = target;
    phase = 'connected';
    clearTimeout(connectTimer);
    send({
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
      const entitled = (await premiumGrantOf(who)) !== 'none';
      await target.restrictSession(entitled ? 'premium' : 'basic', entitled).catch((error: unknown) =>
        deps.log('warn', 'could not store the conversation’s time limit', {
          roomId: target.id,
          error: (error as Error).message,
        }),
      );
      // Gone while that was stored: the close has already let the room go.
      if (ws.readyState !== ws.OPEN) return;
    }
    await deps.scribes?.joining(target);
    target.join(joined);
    // The room's meeting bot, for the panel of someone who joins while it is there.
    const bot = deps.meetingBots?.statusFor(target);
    if (bot) send(bot);
    deps.scribes?.joined(target, joined);
    await loadBoost(target, joined);
  }

  /** Whether this connection's recognition uses the person's boost list (`boost`). */
  let boostEnabled = true;
  let boostList: string[] = [];

  /** Whether the person's plan includes boost now ("Vocabulary Boost requires upgrade"). */
  const boostAllowed = (): boolean => principal !== undefined && mayBoost(principal, deps.limits.boostFor);
  /** The list recognition uses: none when boost is off or the plan does not include it. */
  const boostInUse = (): string[] => (boostEnabled && boostAllowed() ? boostList : []);

  /** The person's boost list, read once they are in: used from their next utterance. */
  async function loadBoost(target: LiveRoom, who: RoomMember): Promise<void> {
    if (!deps.boostWords) return;
    try {
      boostList = await deps.boostWords.list(who.avaId);
    } catch (error) {
      deps.log('warn', 'could not read a boost list', { error: (error as Error).message });
      return;
    }
    if (boostInUse().length > 0) target.setBoost(who, boostInUse());
  }

  function sendBoost(extra: { added?: string[]; removed?: string[] } = {}): void {
    send({
      type: 'user-boost-words',
      words: [...boostList],
      enabled: boostEnabled,
      ...extra,
      ...(boostAllowed() ? {} : { upgradeRequired: true }),
    });
  }

  /** `access-boost-words` (shared/boost-words.ts has the rules): one's own list only. */
  async function boostWordsMessage(
    target: LiveRoom,
    who: RoomMember,
    message: ClientMessageOf<'access-boost-words'>,
  ): Promise<void> {
    const store = deps.boostWords;
    if (store) boostList = await store.list(who.avaId);
    if (message.action === 'list') return sendBoost();
    if (!boostAllowed()) return fail('not-entitled', BOOST_REQUIRES_UPGRADE, message.type);
    const result = applyBoostChange(
      boostList,
      { action: message.action, words: message.words ?? '' },
      // Added from a conversation: only words said in it.
      message.action === 'add'
        ? transcriptVocabulary(target.transcripts().flatMap((t) => Object.values(t.texts)))
        : undefined,
    );
    if (!result.ok) return fail('invalid-message', result.error, message.type);
    const { added, removed } = result;
    // An empty list of changes is ignored: nothing is written.
    if (added.length > 0 || removed.length > 0) {
      if (!store) return fail('internal', 'boost lists are not kept on this server', message.type);
      const next = result.words;
      await store.save(who.avaId, next, deps.now());
      boostList = next;
      target.setBoost(who, boostInUse());
    }
    sendBoost({ added, removed });
  }

  /** Why `avaId` may not create another room now, or undefined when it may. */
  async function creationRefusal(avaId: string): Promise<string | undefined> {
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

  /** What the member is in the room now (the room may have ended since they came in). */
  function actorNow(): Actor {
    if (!room || !member || !principal || principal.kind === 'outsider') return 'outsider';
    const actor = roomActor(
      principal,
      { hostAvaId: room.hostAvaId, ended: room.state !== 'ongoing' },
      { readonly: member.readonly, role: member.role },
    );
    return actor === 'stranger' ? 'outsider' : actor;
  }

  /** The first action of `message` the member may not take, if any. */
  function forbiddenAction(message: ClientMessage): SocketAction | undefined {
    const actor = actorNow();
    const own = ownsTarget(message);
    const context = { editingRestricted: room?.editingRestricted ?? false };
    return socketActionsOf(message, context).find((action) => !allows(SOCKET_ACCESS[action], actor, own));
  }

  /** For a row with `own` cells: whether the message concerns the member's own record. */
  function ownsTarget(message: ClientMessage): boolean {
    // A line is its maker's: whose microphone or keyboard produced it.
    if (message.type === 'assign-bloc-different-speaker')
      return member !== undefined && room?.lineSourceOf(message.blocId) === member.avaId;
    if (message.type === 'transcript-edit' && message.mutation.type === 'changeSpeaker')
      return member !== undefined && room?.lineSourceOf(message.transcriptId) === member.avaId;
    return false;
  }

  /** `receivedAtMs`: when the message arrived, before it waited its turn in the queue. */
  async function dispatch(message: ClientMessage, receivedAtMs: number): Promise<void> {
    if (message.type === 'ping') {
      send({ type: 'PONG', serverTimeMs: deps.now(), clientTimeMs: message.clientTimeMs });
      return;
    }
    if (message.type === 'connection-params') {
      if (phase !== 'awaiting-params') {
        fail('already-connected', 'connection-params was already received on this socket', message.type);
        return;
      }
      phase = 'connecting';
      curseFilter.set(message.curseFilter);
      await connect(message);
      return;
    }
    if (phase !== 'connected' || !room || !member || !principal) {
      fail('not-connected', `send connection-params before ${message.type}`, message.type);
      return;
    }
    const forbidden = forbiddenAction(message);
    if (forbidden) {
      if (actorNow() === 'ended-member') fail('room-ended', 'the conversation has ended', message.type);
      else if (forbidden === 'transcript-edit.restricted')
        fail('forbidden', EDITING_DISABLED_MESSAGE, message.type);
      else if (SOCKET_ACCESS[forbidden].cells[actorNow()] === 'own')
        fail('forbidden', `${forbidden}: a ${actorNow()} may do this only to their own`, message.type);
      else
        fail('forbidden', `${forbidden}: not allowed for a ${actorNow()} of this conversation`, message.type);
      return;
    }
    switch (message.type) {
      case 'connection-params-update':
        if (message.usePaidASR !== undefined) {
          // Asked, not given: the tier is the server's at each recording start. Asking for
          // Premium without it is answered, and the rest of the message still applies.
          askedPaidASR = message.usePaidASR;
          if (message.usePaidASR && (await premiumGrantOf(principal)) === 'none')
            fail('not-entitled', PREMIUM_NOT_ENTITLED_MESSAGE, message.type);
        }
        if (message.downAudio !== undefined) member.downAudio = message.downAudio;
        await room.updateParams(message);
        return;
      case 'connection-request-answer':
        room.answerAdmission(message.id, message.accept);
        return;
      case 'force-mute':
        await room.forceMute(message.avaId);
        return;
      case 'prolong-restricted-session':
        await room.prolongSession();
        return;
      case 'update-title': {
        const title = normalizeTitle(message.title);
        if (title) await room.updateTitle(title);
        return;
      }
      case 'audio':
        if (message.action === 'start') {
          if (!message.metadata) {
            fail('invalid-message', 'audio: metadata is required to start recording', message.type);
            return;
          }
          const viaWebRtc = message.metadata.format === 'webrtc';
          if (viaWebRtc && !webrtc.enabled) {
            fail(
              'invalid-message',
              'audio.metadata.format: WebRTC audio is off on this server; send pcm_s16le frames',
              message.type,
            );
            return;
          }
          if (!audioStarts.take()) {
            fail('rate-limited', 'recording is being started too often; wait a moment', message.type);
            return;
          }
          const source = message.metadata.source;
          let shownAs: { avaId: string; name: string } | undefined;
          if (source?.kind === 'computer-audio') {
            if (!source.label) {
              fail(
                'invalid-message',
                'audio.metadata.source.label: the computer’s sound needs its label (“Computer audio” in your language, or the meeting’s name)',
                message.type,
              );
              return;
            }
            shownAs = await room.streamSpeaker(member, source.label);
          }
          // A start on the socket after WebRTC (its fallback) ends the peer connection first.
          await webrtc.stop();
          // The server decides the stream's tier now, from the plan and credit as they are now.
          const grant = await premiumGrantOf(principal);
          member.usePaidASR = servedTier(askedPaidASR, grant) === 'premium';
          member.premiumOnCredit = member.usePaidASR && grant === 'credit';
          room.startAudio(
            member,
            message.metadata.lang,
            message.metadata.resumedFromMs,
            shownAs,
            // Over the socket the client's frames follow its start at once (queued behind it
            // while the awaits above run); over WebRTC audio starts once the peer connects.
            viaWebRtc ? undefined : receivedAtMs,
          );
          if (viaWebRtc) {
            try {
              await webrtc.start();
            } catch (error) {
              deps.log('warn', 'WebRTC audio could not be set up', { error: (error as Error).message });
              fail('internal', 'WebRTC audio could not be set up; send pcm_s16le frames', message.type);
            }
          }
        } else {
          await webrtc.stop();
          await room.stopAudio(member);
        }
        return;
      case 'webrtc': {
        const problem = await webrtc.signal(message);
        if (problem) fail('invalid-message', problem, message.type);
        return;
      }
      case 'webrtc-track-metadata': {
        const problem = webrtc.describeTrack(message);
        if (problem) fail('invalid-message', problem, message.type);
        return;
      }
      case 'reset-recorder':
        room.resetRecorder(member);
        return;
      case 'signal-i-am-typing':
        room.signalTyping(member);
        return;
      case 'typed-message': {
        const text = normalizeTypedText(message.text);
        if (!text) {
          fail('invalid-message', 'typed-message.text: nothing to say once spaces are removed', message.type);
          return;
        }
        if (!typedMessages.take()) {
          fail('rate-limited', 'messages are being typed too fast; wait a moment', message.type);
          return;
        }
        room.addTypedLine(member, text, message.lang);
        return;
      }
      case 'assign-voicing-speaker-name':
        await room.nameVoicingSpeaker(message.speakerId, message.speakerName);
        return;
      case 'assign-voicing-speaker-myself':
        await room.claimVoicingSpeaker(member, message.speakerId);
        return;
      case 'assign-bloc-different-speaker':
        room.assignLineSpeaker(message.blocId, message.speakerId);
        return;
      case 'request-text-to-speech': {
        const text = normalizeTypedText(message.text);
        const voice = voiceOfRequest(message.voiceId, principal);
        if (!text || !voice) {
          fail(
            'invalid-message',
            text
              ? `request-text-to-speech.voiceId: no voice is named ${message.voiceId}`
              : 'request-text-to-speech.text: nothing to say once spaces are removed',
            message.type,
          );
          return;
        }
        if (!ttsRequests.take() || !typedMessages.take()) {
          fail('rate-limited', 'replies are being voiced too fast; wait a moment', message.type);
          return;
        }
        // The line reaches the room as a typed reply whether or not the voice can be made.
        room.addTypedLine(member, text, message.lang);
        // Not awaited: the next messages of this socket need not wait for the voice.
        void speakReply(
          deps.tts ?? { ok: false, error: 'text-to-speech is not configured on this server' },
          { requestId: message.requestId, text, voice, lang: message.lang ?? DEFAULT_SPEECH_LANG },
          forVoicedReplyListeners(room, member, send),
          speaking.signal,
          deps.log,
        );
        return;
      }
      case 'set-reading-language':
        room.setReadingLanguage(member, message.lang);
        return;
      case 'set-curse-filter':
        curseFilter.set(message.level);
        send({ type: 'curse-filter', level: curseFilter.level });
        // What is on their screen already, again at the new level.
        room.resendLatest(member);
        return;
      case 'auto-translate-toggle':
        room.toggleAutoTranslate();
        return;
      case 'auto-translate-set-guest-language':
        room.setAutoTranslateGuestLanguage(message.language);
        return;
      case 'transcript-edit':
        room.editTranscript(member, message.transcriptId, message.mutation);
        return;
      case 'transcripts-since':
      case 'transcripts-before':
        if (
          !(await deps.transcriptPages.identity.take(`identity:${member.avaId}`)) ||
          !(await deps.transcriptPages.address.take(`address:${deps.address}`))
        ) {
          rateLimited.inc({ limit: 'transcript-pages' });
          fail('rate-limited', 'captions are being asked for too often; wait a moment', message.type);
          return;
        }
        room.requestTranscripts(member, message);
        return;
      case 'request-ava-bot': {
        if (!deps.meetingBots) {
          fail('forbidden', BOT_PANEL_TEXTS.notAvailable, message.type);
          return;
        }
        const result = deps.meetingBots.request(room, message.meetingUrl, message.speechLang);
        if (result.ok) return;
        const current = deps.meetingBots.statusFor(room);
        if (result.reason === 'requested-already' && current)
          send({ ...current, error: 'ava_bot_requested_already' });
        else fail('invalid-message', `${message.type}.meetingUrl: ${result.message}`, message.type);
        return;
      }
      case 'end-ava-bot':
        await deps.meetingBots?.end(room);
        return;
      case 'update-ava-bot-speech-lang':
        deps.meetingBots?.updateSpeechLang(room, message.speechLang);
        return;
      case 'ava-bot-text-to-speech': {
        const text = normalizeTypedText(message.text);
        const voice = voiceOfRequest(undefined, principal);
        if (!text || !voice) {
          fail(
            'invalid-message',
            'ava-bot-text-to-speech.text: nothing to say once spaces are removed',
            message.type,
          );
          return;
        }
        // Only the self-hosted bot can play audio into its meeting (the provider's cannot):
        // said, not dropped.
        if (!deps.meetingBots?.canSpeak(room)) {
          fail(
            'speech-unavailable',
            'the meeting bot cannot speak into the meeting; your reply was not sent to the meeting',
            message.type,
          );
          return;
        }
        if (!deps.tts?.ok) {
          fail(
            'speech-unavailable',
            'text-to-speech is not available on this server; your reply was not spoken',
            message.type,
          );
          return;
        }
        if (!ttsRequests.take() || !typedMessages.take()) {
          fail('rate-limited', 'replies are being voiced too fast; wait a moment', message.type);
          return;
        }
        const bots = deps.meetingBots;
        const meetingRoom = room;
        const lang = bots.speechLangOf(meetingRoom) ?? DEFAULT_SPEECH_LANG;
        room.addTypedLine(member, text, lang);
        // Not awaited: the next messages of this socket need not wait for the voice.
        void speakIntoMeeting(
          deps.tts.engine,
          { text, voice, lang },
          (samples, rate) => bots.speak(meetingRoom, samples, rate),
          speaking.signal,
          deps.log,
        );
        return;
      }
      case 'request-scribe':
      case 'cancel-scribe':
      case 'update-scribe-correction-mode':
      case 'scribe-chat':
        await scribeMessage(room, member, message);
        return;
      case 'access-boost-words':
        await boostWordsMessage(room, member, message);
        return;
      case 'boost':
        boostEnabled = message.enabled;
        room.setBoost(member, boostInUse());
        sendBoost();
        return;
      case 'close':
        // The table let this through: a reason that ends the room comes from the host, who is
        // told it ended (as everyone is) before their socket closes: their end sequence waits
        // for that. Frames and messages behind it on this socket wait too, which is what a close
        // means.
        if (closeEndsRoom(message.reason))
          await room.end(message.reason === 'max_convo_time_reached' ? SESSION_ENDED_REASON : 'ended');
        deps.log('info', 'a member closed their connection', {
          roomId: room.id,
          reason: message.reason ?? 'closed',
        });
        ws.close(1000, message.reason ?? 'closed');
        return;
    }
  }

  /** Decoded WebRTC audio: refused as a frame would be (the table, the flood limits), then the same way. */
  function webrtcChunk(samples: Int16Array): void {
    if (phase !== 'connected' || !room || !member) return;
    if (!allows(SOCKET_ACCESS['webrtc'], actorNow())) return;
    if (!frameLimit.take() || !byteLimit.take(samples.byteLength)) return;
    toRoom(samples);
  }

  /** The Scribe messages (who may is the table's): the desk's refusals are told to the sender. */
  async function scribeMessage(
    target: LiveRoom,
    from: RoomMember,
    message: Extract<
      ClientMessage,
      { type: 'request-scribe' | 'cancel-scribe' | 'update-scribe-correction-mode' | 'scribe-chat' }
    >,
  ): Promise<void> {
    const desk = deps.scribes;
    if (!desk) {
      fail('scribe-request-failed', 'Scribes are not available on this server', message.type);
      return;
    }
    try {
      if (message.type === 'request-scribe') await desk.request(target, from, message.correctionMode);
      else if (message.type === 'cancel-scribe') await desk.cancel(target);
      else if (message.type === 'update-scribe-correction-mode')
        await desk.setCorrectionMode(target, message.correctionMode);
      else {
        const text = normalizeTypedText(message.text);
        if (!text) {
          fail('invalid-message', 'scribe-chat.text: nothing to say once spaces are removed', message.type);
          return;
        }
        if (!typedMessages.take()) {
          fail('rate-limited', 'messages are being typed too fast; wait a moment', message.type);
          return;
        }
        await desk.chatInRoom(target, from, text);
      }
    } catch (error) {
      if (!(error instanceof ScribeError)) throw error;
      fail('scribe-request-failed', error.message, message.type);
    }
  }

  function audioFrame(data: Buffer): void {
    if (phase !== 'connected' || !room || !member) {
      violation('not-connected', 'audio frames before connection-params are ignored', undefined, true);
      return;
    }
    if (!allows(SOCKET_ACCESS['audio-frame'], actorNow())) {
      // Frames still on their way when the host ended the room: dropped without a word, since
      // nobody did anything wrong. Anyone else the table refuses is told.
      if (actorNow() === 'ended-member') return;
      violation(
        'forbidden',
        `audio frames are not allowed for a ${actorNow()} of this conversation`,
        undefined,
        true,
      );
      return;
    }
    if (data.byteLength > MAX_AUDIO_FRAME_BYTES) {
      violation(
        'frame-too-large',
        `audio frames may hold at most ${MAX_AUDIO_FRAME_BYTES} bytes`,
        undefined,
        true,
      );
      return;
    }
    if (!frameLimit.take() || !byteLimit.take(data.byteLength)) {
      violation(
        'rate-limited',
        `audio is arriving faster than ${MAX_AUDIO_SPEED}x real time; frames are being dropped`,
        undefined,
        true,
      );
      return;
    }
    const samples = littleEndianBytesToInt16(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!samples) {
      violation(
        'invalid-audio-frame',
        'audio frames must hold whole 16-bit samples (an even number of bytes)',
        undefined,
        true,
      );
      return;
    }
    toRoom(samples);
  }

  /** Audio past its transport's checks (a PCM frame, or WebRTC decoded): to the room, unless it is too far behind. */
  function toRoom(samples: Int16Array): void {
    if (!room || !member) return;
    // Recognition that has fallen this far behind is not caught up by queueing more: the frame
    // is dropped, the speaker told (sampled), and memory stays bounded.
    if (room.backlogSeconds(member) > deps.limits.streamBacklogSeconds) {
      // Not the speaker's fault (the server is slow), so it does not count towards closing the
      // connection as a flood would; the notice is sampled so it does not flood them either.
      backlogDrops += 1;
      if (backlogDrops === 1 || backlogDrops % 50 === 0) {
        fail(
          'rate-limited',
          `recognition is more than ${deps.limits.streamBacklogSeconds} s behind; audio is being dropped`,
        );
      }
      return;
    }
    room.audio(member, samples);
  }

  function enqueue(task: () => Promise<void> | void, inReplyTo?: string): void {
    if (queued >= MAX_QUEUED) {
      violation('rate-limited', 'too many messages waiting; slow down', undefined, true);
      return;
    }
    queued += 1;
    chain = chain
      .then(task)
      .catch((error: unknown) => {
        if (error instanceof RoomError) {
          fail(error.code, error.message, inReplyTo);
        } else {
          deps.log('error', 'socket message failed', { error: (error as Error).message });
          fail('internal', 'the server could not handle this message', inReplyTo);
        }
        // A failed connection-params leaves the socket able to try again.
        if (phase === 'connecting') phase = 'awaiting-params';
      })
      .finally(() => {
        queued -= 1;
      });
  }

  ws.on('message', (data: RawData, isBinary: boolean) => {
    lastSeen = deps.now();
    if (phase === 'closed') return;
    const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (isBinary) {
      enqueue(() => audioFrame(buffer));
      return;
    }
    if (!textLimit.take()) {
      violation('rate-limited', `at most ${MAX_TEXT_MESSAGES_PER_SECOND} messages per second`);
      return;
    }
    const parsed = parseClientMessage(buffer.toString('utf8'));
    if (!parsed.ok) {
      violation(parsed.error.code, parsed.error.message, parsed.inReplyTo);
      return;
    }
    const receivedAtMs = deps.now();
    enqueue(() => dispatch(parsed.message, receivedAtMs), parsed.message.type);
  });

  ws.on('close', () => {
    phase = 'closed';
    speaking.abort();
    clearInterval(heartbeat);
    if (waiting) {
      waiting.room.withdrawAdmission(waiting.id);
      deps.registry.released(waiting.room);
      waiting = undefined;
    }
    clearTimeout(connectTimer);
    // Leave after the queued messages: audio already received still becomes captions.
    chain = chain.then(async () => {
      await webrtc.stop();
      viewerDelay?.close();
      if (room && member) {
        room.leave(member);
        deps.scribes?.left(room, member);
        deps.registry.released(room);
      }
    });
  });
  ws.on('error', (error) => deps.log('warn', 'socket error', { error: error.message }));
}
