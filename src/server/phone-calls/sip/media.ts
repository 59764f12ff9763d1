/**
 * A SIP call's RTP: one UDP socket per call, bound before the INVITE so the SDP offer can name
 * its port. Once the trunk answers, a 20 ms packet clock sends the line's silence (trunks and
 * NATs drop a call whose RTP never flows) with the access codes pressed as RFC 4733 events
 * (telephone-event.ts's plan), and every G.711 packet that comes back from the answer's
 * address is handed on as one frame.
 *
 * The clock sends every packet that is due by the wall clock at each wake-up, so a loaded
 * machine's late timers make bursts, not a slower line.
 */
import { createSocket, type Socket } from 'node:dgram';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { G711Law } from '../../../shared/telephone-audio';
import { buildRtp, isRtcp, parseRtp } from './rtp';
import { type SdpAnswer, PTIME_MS } from './sdp';
import { type DtmfTick, dtmfPlan, encodeTelephoneEvent } from './telephone-event';
import { guardSocket } from '../../safety';

const SAMPLES_PER_PACKET = (8000 * PTIME_MS) / 1000;
/** The silence byte of each law (the encoding of 0). */
const SILENCE: Record<G711Law, number> = { pcmu: 0xff, pcma: 0xd5 };

export interface MediaHandlers {
  /** One G.711 frame the trunk sent, in arrival order. */
  frame(payload: Uint8Array, law: G711Law): void;
  /** All of `sendDigits` has been pressed. */
  digitsSent(): void;
}

export class SipMedia {
  private socket: Socket | undefined;
  private answer: SdpAnswer | undefined;
  private timer: NodeJS.Timeout | undefined;
  private plan: DtmfTick[] = [];
  private tick = 0;
  private startedAt = 0;
  private sequence = randomBytes(2).readUInt16BE();
  private readonly timestampBase = randomBytes(4).readUInt32BE();
  readonly ssrc = randomBytes(4).readUInt32BE();
  private remoteSsrc: number | undefined;
  private sources = new Set<string>();
  private closed = false;

  constructor(
    private readonly handlers: MediaHandlers,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Binds the socket; its port goes in the offer. */
  async open(address: string): Promise<number> {
    const socket = createSocket(isIP(address) === 6 ? 'udp6' : 'udp4');
    this.socket = socket;
    socket.on('message', (data, from) => this.received(data, from.address));
    guardSocket(socket, 'rtp');
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, address, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    return socket.address().port;
  }

  /**
   * The trunk answered: RTP flows both ways; `sendDigits` are pressed from the first packet.
   * RTP is taken from the answer's address and from the trunk's (a peer on the same host may
   * name its network address in the SDP and send from loopback; a trunk may relay media).
   */
  start(answer: SdpAnswer, sendDigits: string, trunkAddress: string): void {
    if (this.closed || this.answer) return;
    this.answer = answer;
    this.sources = new Set([answer.address, trunkAddress]);
    this.plan = answer.telephoneEventPayloadType !== undefined ? dtmfPlan(sendDigits) : [];
    this.startedAt = this.clock();
    this.timer = setInterval(() => this.sendDue(), PTIME_MS);
    this.sendDue();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.socket?.close();
  }

  private sendDue(): void {
    const answer = this.answer;
    const socket = this.socket;
    if (!answer || !socket || this.closed) return;
    const due = Math.floor((this.clock() - this.startedAt) / PTIME_MS) + 1;
    // After a long stall (a paused process), the missed silence is not worth sending.
    if (due - this.tick > 50) this.tick = due - 1;
    for (; this.tick < due; this.tick++) {
      const timestamp = this.timestampBase + this.tick * SAMPLES_PER_PACKET;
      const step = this.plan[this.tick];
      if (this.tick === this.plan.length && this.plan.length > 0) this.handlers.digitsSent();
      const packet =
        step?.kind === 'event'
          ? buildRtp({
              payloadType: answer.telephoneEventPayloadType!,
              marker: step.marker,
              sequence: this.sequence++,
              timestamp: timestamp - step.startTick * SAMPLES_PER_PACKET,
              ssrc: this.ssrc,
              payload: encodeTelephoneEvent(step.event),
            })
          : buildRtp({
              payloadType: answer.payloadType,
              marker: this.tick === 0,
              sequence: this.sequence++,
              timestamp,
              ssrc: this.ssrc,
              payload: new Uint8Array(SAMPLES_PER_PACKET).fill(SILENCE[answer.codec]),
            });
      socket.send(packet, answer.port, answer.address);
    }
  }

  private received(data: Buffer, fromAddress: string): void {
    const answer = this.answer;
    if (!answer || this.closed || isRtcp(data)) return;
    // Only the answer's host or the trunk may speak in the call (the port may differ behind a NAT).
    if (!this.sources.has(fromAddress.replace(/^::ffff:/, ''))) return;
    const packet = parseRtp(data);
    if (!packet || packet.payloadType !== answer.payloadType) return;
    // One source per call: a second one (a stray stream) is not mixed in.
    this.remoteSsrc ??= packet.ssrc;
    if (packet.ssrc !== this.remoteSsrc) return;
    this.handlers.frame(packet.payload, answer.codec);
  }
}
