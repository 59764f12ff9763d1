/**
 * One outbound SIP call (the UAC side of RFC 3261 a phone call needs), over UDP to the trunk:
 * INVITE with the SDP offer (retransmitted on Timer A until a response, given up on Timer B),
 * digest authentication on 401/407, ACK, CANCEL before the answer, BYE after it, and the
 * trunk's own BYE. Every request goes to the trunk (it is the outbound proxy); in-dialog ones
 * carry the answer's Contact as their Request-URI and its Record-Route as Route.
 *
 * What happens is told through `SipCallEvents` in Twilio's status words (ringing, in-progress,
 * completed, busy, no-answer, failed, canceled), so PhoneCalls drives the same status machine
 * for both providers.
 */
import { randomBytes } from 'node:crypto';
import type { ProviderCallStatus } from '../../../shared/phone-calls';
import type { G711Law } from '../../../shared/telephone-audio';
import { type DigestCredentials, digestAuthorization, parseDigestChallenge } from './digest';
import {
  type SipHeader,
  type SipRequest,
  type SipResponse,
  header,
  headerParam,
  headers,
  nameAddrUri,
  parseCSeq,
  responseTo,
  serializeSip as serialize,
} from './message';
import { SipMedia } from './media';
import { buildSdpOffer, parseSdpAnswer } from './sdp';

/** RFC 3261's T1 and Timer B (64·T1). */
const T1_MS = 500;
const TIMER_B_MS = 64 * T1_MS;
const USER_AGENT = 'Hearken';

export interface SipCallEvents {
  status(status: ProviderCallStatus): void;
  /** The trunk answered with media we take: audio frames follow. */
  mediaStarted(): void;
  frame(payload: Uint8Array, law: G711Law): void;
  /** The call is over: no more audio. */
  mediaStopped(): void;
}

export interface SipCallOptions {
  /** `sip:<E.164>@trunk:port` */
  requestUri: string;
  /** Our address as the trunk reaches it (Via, Contact, SDP), and our SIP port. */
  localAddress: string;
  localPort: number;
  /** The user part of From and Contact (the caller id, or the account's user). */
  fromUser: string;
  trunkHost: string;
  /** The trunk's IP address (RTP from it is taken too). */
  trunkAddress: string;
  credentials?: DigestCredentials;
  sendDigits: string;
  /** Seconds before an unanswered call is cancelled (no-answer). */
  ringTimeoutS: number;
  send(text: string): void;
  events: SipCallEvents;
  log(level: 'info' | 'warn', message: string, extra?: object): void;
}

type Phase = 'inviting' | 'confirmed' | 'cancelling' | 'ending' | 'over';

export class SipCall {
  readonly callId = `${randomBytes(12).toString('hex')}@hearken`;
  private readonly fromTag = randomBytes(6).toString('hex');
  private toTag: string | undefined;
  private cseq = 1;
  private inviteBranch = '';
  private invite: SipRequest | undefined;
  private remoteTarget: string;
  private routeSet: string[] = [];
  private authTried = false;
  private provisional = false;
  private phase: Phase = 'inviting';
  private readonly media: SipMedia;
  private timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: SipCallOptions) {
    this.remoteTarget = options.requestUri;
    this.media = new SipMedia({
      frame: (payload, law) => options.events.frame(payload, law),
      digitsSent: () => options.log('info', 'the access codes were pressed'),
    });
  }

  async start(): Promise<void> {
    const port = await this.media.open(this.options.localAddress);
    this.rtpPort = port;
    this.sendInvite();
    this.later(() => {
      // A trunk that never answered at all is Timer B's (failed); one that rings too long is cancelled.
      if (this.phase === 'inviting' && this.provisional) {
        this.options.log('info', 'the conference did not answer in time: cancelled');
        this.cancel('no-answer');
      }
    }, this.options.ringTimeoutS * 1000);
  }

  private rtpPort = 0;
  private sdp: string | undefined;

  /** Hang up: BYE once answered, CANCEL before. */
  hangUp(): void {
    if (this.phase === 'confirmed') this.bye();
    else if (this.phase === 'inviting') this.cancel('canceled');
  }

  /** A message of this call (its Call-ID) from the trunk. */
  received(message: SipRequest | SipResponse): void {
    if (message.kind === 'response') this.response(message);
    else this.request(message);
  }

  private get from(): string {
    return `<sip:${this.options.fromUser}@${this.options.trunkHost}>;tag=${this.fromTag}`;
  }

  private get to(): string {
    const base = `<${this.options.requestUri}>`;
    return this.toTag ? `${base};tag=${this.toTag}` : base;
  }

  private via(branch: string): string {
    return `SIP/2.0/UDP ${this.hostPort()};branch=${branch};rport`;
  }

  private hostPort(): string {
    const a = this.options.localAddress;
    return `${a.includes(':') ? `[${a}]` : a}:${this.options.localPort}`;
  }

  private newBranch(): string {
    // RFC 3261's magic cookie marks a branch as unique per transaction.
    return `z9hG4bK${randomBytes(10).toString('hex')}`;
  }

  private build(
    method: string,
    uri: string,
    branch: string,
    cseq: number,
    extra: SipHeader[],
    body = '',
  ): SipRequest {
    return {
      kind: 'request',
      method,
      uri,
      headers: [
        { name: 'Via', value: this.via(branch) },
        { name: 'Max-Forwards', value: '70' },
        ...this.routeSet.map((value) => ({ name: 'Route', value })),
        { name: 'From', value: this.from },
        { name: 'To', value: this.to },
        { name: 'Call-ID', value: this.callId },
        { name: 'CSeq', value: `${cseq} ${method}` },
        { name: 'User-Agent', value: USER_AGENT },
        ...extra,
      ],
      body,
    };
  }

  private sendInvite(authorization?: SipHeader): void {
    this.inviteBranch = this.newBranch();
    // One session description for the whole call: a re-INVITE is answered with it unchanged.
    this.sdp ??= buildSdpOffer({
      address: this.options.localAddress,
      port: this.rtpPort,
      sessionId: String(Date.now()),
    });
    const sdp = this.sdp;
    this.invite = this.build(
      'INVITE',
      this.options.requestUri,
      this.inviteBranch,
      this.cseq,
      [
        { name: 'Contact', value: `<sip:${this.options.fromUser}@${this.hostPort()}>` },
        { name: 'Allow', value: 'INVITE, ACK, CANCEL, BYE, OPTIONS' },
        ...(authorization ? [authorization] : []),
        { name: 'Content-Type', value: 'application/sdp' },
      ],
      sdp,
    );
    const invite = this.invite;
    // Only this INVITE: once it is answered with a challenge, the next one has its own timers.
    const pending = () => this.invite === invite && this.phase === 'inviting' && !this.provisional;
    this.transmit(invite, pending, TIMER_B_MS, () => {
      this.options.log('warn', 'the SIP trunk did not answer the INVITE');
      this.finish('failed');
    });
  }

  /** Sends a request over UDP, again at T1, 2·T1… (at most 4 s apart) while `pending`; `timedOut` at `giveUpMs` if still pending. */
  private transmit(
    message: SipRequest,
    pending: () => boolean,
    giveUpMs: number,
    timedOut: () => void,
  ): void {
    const send = () => this.options.send(serialize(message));
    send();
    let interval = T1_MS;
    const again = () => {
      if (!pending()) return;
      send();
      interval = Math.min(interval * 2, 4000);
      this.later(again, interval);
    };
    this.later(again, interval);
    this.later(() => {
      if (pending()) timedOut();
    }, giveUpMs);
  }

  private response(response: SipResponse): void {
    const cseq = parseCSeq(header(response, 'cseq'));
    if (!cseq) return;
    if (cseq.method === 'INVITE' && cseq.seq === this.cseq) this.inviteResponse(response);
    else if (cseq.method === 'BYE' && response.status >= 200) this.finish(undefined);
  }

  private inviteResponse(response: SipResponse): void {
    const status = response.status;
    if (status < 200) {
      if (status === 100) {
        this.provisional = true;
        return;
      }
      this.provisional = true;
      if (this.phase === 'inviting' && (status === 180 || status === 183))
        this.options.events.status('ringing');
      return;
    }
    const toTag = headerParam(header(response, 'to'), 'tag');
    if (status < 300) {
      // A retransmitted 200 (our ACK was lost) is ACKed again.
      if (this.toTag && toTag === this.toTag && this.phase !== 'inviting' && this.phase !== 'cancelling') {
        this.ack2xx();
        return;
      }
      this.toTag = toTag;
      const contact = header(response, 'contact');
      if (contact) this.remoteTarget = nameAddrUri(contact);
      this.routeSet = headers(response, 'record-route')
        .flatMap((v) => v.split(/,(?=\s*<)/))
        .map((v) => v.trim())
        .reverse();
      this.ack2xx();
      if (this.phase === 'cancelling') {
        // The answer crossed our CANCEL: the call is ended with a BYE instead.
        this.phase = 'confirmed';
        this.bye();
        return;
      }
      const sdp = parseSdpAnswer(response.body);
      this.phase = 'confirmed';
      this.options.events.status('in-progress');
      if (!sdp.ok) {
        this.options.log('warn', `the SIP answer cannot be used: ${sdp.reason}`);
        this.bye();
        return;
      }
      if (sdp.answer.telephoneEventPayloadType === undefined)
        this.options.log(
          'warn',
          'the SIP trunk takes no RFC 4733 telephone-events: the access codes cannot be pressed',
        );
      this.media.start(sdp.answer, this.options.sendDigits, this.options.trunkAddress);
      this.options.events.mediaStarted();
      return;
    }
    // A final refusal is ACKed on the INVITE's own transaction (same branch, the response's To).
    this.ackNon2xx(response);
    if (this.phase !== 'inviting' && this.phase !== 'cancelling') return;
    if ((status === 401 || status === 407) && this.options.credentials && !this.authTried) {
      const challenge = parseDigestChallenge(
        header(response, status === 401 ? 'www-authenticate' : 'proxy-authenticate'),
      );
      if (challenge && this.phase === 'inviting') {
        this.authTried = true;
        this.cseq++;
        this.toTag = undefined;
        this.provisional = false;
        const value = digestAuthorization(
          challenge,
          this.options.credentials,
          { method: 'INVITE', uri: this.options.requestUri },
          randomBytes(8).toString('hex'),
        );
        this.sendInvite({ name: status === 401 ? 'Authorization' : 'Proxy-Authorization', value });
        return;
      }
    }
    this.toTag = undefined;
    this.finish(this.phase === 'cancelling' ? this.cancelReason : refusalStatus(status));
  }

  private ack2xx(): void {
    const ack = this.build('ACK', this.remoteTarget, this.newBranch(), this.cseq, []);
    this.options.send(serialize(ack));
  }

  private ackNon2xx(response: SipResponse): void {
    const to = header(response, 'to') ?? this.to;
    const ack: SipRequest = {
      kind: 'request',
      method: 'ACK',
      uri: this.options.requestUri,
      headers: [
        { name: 'Via', value: this.via(this.inviteBranch) },
        { name: 'Max-Forwards', value: '70' },
        { name: 'From', value: this.from },
        { name: 'To', value: to },
        { name: 'Call-ID', value: this.callId },
        { name: 'CSeq', value: `${this.cseq} ACK` },
      ],
      body: '',
    };
    this.options.send(serialize(ack));
  }

  private cancelReason: ProviderCallStatus = 'canceled';

  private cancel(reason: ProviderCallStatus): void {
    if (this.phase !== 'inviting' || !this.invite) return;
    this.phase = 'cancelling';
    this.cancelReason = reason;
    // CANCEL is the INVITE's transaction: its Via (branch), Request-URI, Call-ID, From, To, CSeq number.
    const cancel: SipRequest = {
      kind: 'request',
      method: 'CANCEL',
      uri: this.invite.uri,
      headers: [
        { name: 'Via', value: this.via(this.inviteBranch) },
        { name: 'Max-Forwards', value: '70' },
        { name: 'From', value: this.from },
        { name: 'To', value: `<${this.options.requestUri}>` },
        { name: 'Call-ID', value: this.callId },
        { name: 'CSeq', value: `${this.cseq} CANCEL` },
      ],
      body: '',
    };
    this.options.send(serialize(cancel));
    // The trunk answers the INVITE with 487; if it never does, the call is over anyway.
    this.later(() => {
      if (this.phase === 'cancelling') this.finish(reason);
    }, TIMER_B_MS);
  }

  private bye(): void {
    if (this.phase !== 'confirmed') return;
    this.phase = 'ending';
    this.media.close();
    this.cseq++;
    const bye = this.build('BYE', this.remoteTarget, this.newBranch(), this.cseq, []);
    this.transmit(
      bye,
      () => this.phase === 'ending',
      TIMER_B_MS,
      () => this.finish(undefined),
    );
  }

  private request(request: SipRequest): void {
    const reply = (status: number) => this.options.send(serialize(responseTo(request, status)));
    switch (request.method) {
      case 'BYE':
        reply(200);
        if (this.phase === 'confirmed' || this.phase === 'ending') this.finish('completed');
        return;
      case 'ACK':
        return;
      case 'OPTIONS':
      case 'INFO':
      case 'NOTIFY':
        reply(200);
        return;
      case 'INVITE': {
        // A re-INVITE (session refresh, hold): the same session is kept.
        if (this.phase !== 'confirmed') return reply(481);
        const ok = responseTo(request, 200);
        ok.headers.push(
          { name: 'Contact', value: `<sip:${this.options.fromUser}@${this.hostPort()}>` },
          { name: 'Content-Type', value: 'application/sdp' },
        );
        ok.body = this.sdp ?? '';
        this.options.send(serialize(ok));
        return;
      }
      default:
        reply(501);
    }
  }

  /** The call is over; `status` is what the provider reports (none when we hung up and the status is already known). */
  private finish(status: ProviderCallStatus | undefined): void {
    if (this.phase === 'over') return;
    const wasAnswered = this.phase === 'confirmed' || this.phase === 'ending';
    this.phase = 'over';
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.media.close();
    if (wasAnswered) this.options.events.mediaStopped();
    this.options.events.status(status ?? 'completed');
    this.onOver?.();
  }

  /** Called once the call is over (the provider forgets it). */
  onOver: (() => void) | undefined;

  /** Stops everything at once (the server is closing), without telling the trunk. */
  dispose(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    this.media.close();
    this.phase = 'over';
  }

  private later(fn: () => void, ms: number): void {
    const t = setTimeout(fn, ms);
    t.unref();
    this.timers.push(t);
  }
}

/** A final refusal of the INVITE in Twilio's words. */
export function refusalStatus(status: number): ProviderCallStatus {
  if (status === 486 || status === 600) return 'busy';
  if (status === 408 || status === 480 || status === 487 || status === 603) return 'no-answer';
  return 'failed';
}
