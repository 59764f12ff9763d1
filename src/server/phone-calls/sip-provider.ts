/**
 * The SIP implementation of PhoneCallProvider: calls go out as INVITEs to a SIP trunk
 * (HEARKEN_SIP_TRUNK) over UDP, with G.711 RTP and the access codes as RFC 4733 events
 * (sip/call.ts, sip/media.ts). Unlike Twilio, nothing calls the server back over HTTP: the
 * call's status and audio are handed to PhoneCalls in-process (`PhoneCallSink`), with the
 * call's token from PlaceCall.streamParameters, so the same checks and status machine apply.
 *
 * One UDP socket carries the signalling of every call; messages are routed by Call-ID, and
 * only the trunk's address is listened to.
 */
import { createSocket, type Socket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { ProviderCallStatus } from '../../shared/phone-calls';
import type { G711Law } from '../../shared/telephone-audio';
import { type PhoneCallProvider, type PlaceCall, PhoneProviderError } from './provider';
import { SipCall } from './sip/call';
import { type SipUri, header, parseSip, parseSipUri, responseTo, serializeSip } from './sip/message';
import { RING_TIMEOUT_S } from './twilio-provider';
import { guardSocket } from '../safety';

/** What a SIP call reports, to PhoneCalls (room-calls.ts) directly. */
export interface PhoneCallSink {
  providerStatus(token: string, callSid: string, status: ProviderCallStatus): boolean;
  mediaStarted(token: string, callSid: string, streamSid: string): boolean;
  media(token: string, streamSid: string, payload: Uint8Array, law: G711Law): void;
  mediaStopped(token: string): void;
}

export interface SipTrunk {
  /** `sip:host[:port]` */
  uri: string;
  username?: string;
  password?: string;
  /** The user part of From (the caller id); the username, else `hearken`. */
  fromUser?: string;
  /** The address the trunk reaches us at (Via, Contact, SDP); found from the route to the trunk when absent. */
  localAddress?: string;
}

/** A datagram larger than this is not a SIP message we take. */
const MAX_DATAGRAM = 8 * 1024;

export class SipProvider implements PhoneCallProvider {
  readonly id = 'sip';
  private readonly trunk: SipUri;
  private socket: Socket | undefined;
  private trunkAddress = '';
  private localAddress = '';
  private localPort = 0;
  private readonly calls = new Map<string, { call: SipCall; sid: string }>();
  private sink: PhoneCallSink | undefined;
  /** RTP frames each call received (what `framesReceived` tells; a call's count outlives it). */
  private readonly frames = new Map<string, number>();

  constructor(
    private readonly config: SipTrunk,
    private readonly log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void,
  ) {
    const trunk = parseSipUri(config.uri);
    if (!trunk) throw new Error(`HEARKEN_SIP_TRUNK is not a sip: URI: ${config.uri}`);
    this.trunk = trunk;
  }

  /** Where calls report to (PhoneCalls is built with this provider, then attached). */
  attach(sink: PhoneCallSink): void {
    this.sink = sink;
  }

  /** Binds the signalling socket and finds our address on the way to the trunk. */
  async start(): Promise<void> {
    const host = this.trunk.host.replace(/^\[|\]$/g, '');
    this.trunkAddress = isIP(host) ? host : (await lookup(host)).address;
    const family = isIP(this.trunkAddress) === 6 ? 'udp6' : 'udp4';
    if (this.config.localAddress) this.localAddress = this.config.localAddress;
    else {
      // A connected UDP socket sends nothing: it only asks the kernel which address routes there.
      const probe = guardSocket(createSocket(family), 'sip');
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject);
        probe.connect(this.trunk.port, this.trunkAddress, () => resolve());
      });
      this.localAddress = probe.address().address;
      probe.close();
    }
    const socket = createSocket(family);
    this.socket = socket;
    socket.on('message', (data, from) => this.received(data, from.address, from.port));
    guardSocket(socket, 'sip', (error) => this.log('warn', 'SIP socket error', { error: error.message }));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, this.localAddress, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    this.localPort = socket.address().port;
  }

  async place(placed: PlaceCall): Promise<{ sid: string }> {
    const socket = this.socket;
    const sink = this.sink;
    if (!socket || !sink) throw new PhoneProviderError('the SIP provider is not started');
    const token = placed.streamParameters.token ?? '';
    const sid = `SP${randomBytes(16).toString('hex')}`;
    const streamSid = `RT${randomBytes(16).toString('hex')}`;
    const hostPort = `${this.trunk.host}:${this.trunk.port}`;
    const call = new SipCall({
      // E.164's + is allowed in a SIP user part (RFC 3261's user = unreserved / "+" …).
      requestUri: `sip:${placed.to}@${hostPort}`,
      localAddress: this.localAddress,
      localPort: this.localPort,
      fromUser: this.config.fromUser ?? this.config.username ?? 'hearken',
      trunkHost: this.trunk.host,
      trunkAddress: this.trunkAddress,
      ...(this.config.username !== undefined && this.config.password !== undefined
        ? { credentials: { username: this.config.username, password: this.config.password } }
        : {}),
      sendDigits: placed.sendDigits,
      ringTimeoutS: RING_TIMEOUT_S,
      send: (text) => socket.send(text, this.trunk.port, this.trunkAddress),
      log: (level, message, extra) => this.log(level, `SIP call: ${message}`, { sid, ...extra }),
      events: {
        status: (status) => void sink.providerStatus(token, sid, status),
        mediaStarted: () => void sink.mediaStarted(token, sid, streamSid),
        frame: (payload, law) => {
          this.frames.set(sid, (this.frames.get(sid) ?? 0) + 1);
          sink.media(token, streamSid, payload, law);
        },
        mediaStopped: () => sink.mediaStopped(token),
      },
    });
    this.calls.set(call.callId, { call, sid });
    call.onOver = () => this.calls.delete(call.callId);
    try {
      await call.start();
    } catch (error) {
      this.calls.delete(call.callId);
      call.dispose();
      throw new PhoneProviderError(`the SIP call could not be started: ${(error as Error).message}`);
    }
    return { sid };
  }

  /** How many 20 ms G.711 frames a call has received so far (logs, tests). */
  framesReceived(sid: string): number {
    return this.frames.get(sid) ?? 0;
  }

  /** BYE once answered, CANCEL before: the call's own state knows which. */
  hangUp(sid: string): Promise<void> {
    for (const { call, sid: s } of this.calls.values()) if (s === sid) call.hangUp();
    return Promise.resolve();
  }

  /** Hangs up what is on and closes the socket (after a moment for the BYEs to leave). */
  async close(): Promise<void> {
    for (const { call } of this.calls.values()) call.hangUp();
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const { call } of this.calls.values()) call.dispose();
    this.calls.clear();
    this.frames.clear();
    this.socket?.close();
    this.socket = undefined;
  }

  private received(data: Buffer, fromAddress: string, fromPort: number): void {
    if (data.length > MAX_DATAGRAM) return;
    // Only the trunk is listened to.
    if (fromAddress.replace(/^::ffff:/, '') !== this.trunkAddress) return;
    const message = parseSip(data.toString('utf8'));
    if (!message) return;
    const entry = this.calls.get(header(message, 'call-id') ?? '');
    if (entry) {
      entry.call.received(message);
      return;
    }
    // A request for a call we do not have (late BYE, stray INVITE) gets 481, as the RFC asks.
    if (message.kind === 'request' && message.method !== 'ACK') {
      this.socket?.send(serializeSip(responseTo(message, 481)), fromPort, fromAddress);
    }
  }
}
