/**
 * The NATS half of forwarding HTTP requests (forwarding.ts; the Fastify half is
 * http-forward.ts): a request sent whole to the room's owner (`hearken.cluster.http.<node>`)
 * with a reply inbox, its answer back in parts (an export may be large); the owner's side, which
 * runs it through its own routes (`OwnerWork.inject`); and the question every node is asked:
 * which room is this phone call in (a provider's callback names only its call).
 */
import { randomId } from '../../shared/ids';
import { type NatsConnection, type NatsMessage, NatsTimeout } from './nats';
import { FrameJoiner, framesOf } from './relay-frames';
import {
  type ForwardedRequest,
  type ForwardedResponse,
  httpSubject,
  parseForwardedRequest,
  parseForwardedResponse,
} from './forwarding';
import type { OwnerWork } from './owner-work';

/** Subjects of forwarded work (all internal, as the relay's). */
const HTTP_REPLY_PREFIX = 'hearken.cluster.http-reply';
export const CALL_ROOM_SUBJECT = 'hearken.cluster.call-room';
/** A forwarded request waits this long: starting a call waits for the provider (15 s at most). */
const FORWARD_TIMEOUT_MS = 20_000;
/** What a forwarded request may carry (the forwarded routes' bodies are far smaller). */
export const MAX_FORWARDED_BODY_BYTES = 512 * 1024;
const MAX_FORWARDED_RESPONSE_BYTES = 64 * 1024 * 1024;
const CALL_ROOM_TIMEOUT_MS = 500;

export interface HttpRelayDeps {
  nats: Pick<NatsConnection, 'subscribe' | 'publish' | 'request'>;
  /** What this node runs for forwarded work; undefined until the server's routes exist. */
  work(): OwnerWork | undefined;
  /** The node is shutting down: forwarded requests are answered 503. */
  closing(): boolean;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/**
 * The node subscribes `answer` to `httpSubject(nodeId)` and `answerCallRoom` to
 * `CALL_ROOM_SUBJECT` (node.ts).
 */
export class HttpRelay {
  constructor(private readonly deps: HttpRelayDeps) {}

  /** Runs `request` on `node` (its answer), or undefined when it does not answer in time. */
  async forward(node: string, request: ForwardedRequest): Promise<ForwardedResponse | undefined> {
    const inbox = `${HTTP_REPLY_PREFIX}.${randomId(24)}`;
    const joiner = new FrameJoiner(MAX_FORWARDED_RESPONSE_BYTES);
    let sub: { unsubscribe(): void } | undefined;
    try {
      return await new Promise<ForwardedResponse | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), FORWARD_TIMEOUT_MS);
        sub = this.deps.nats.subscribe(inbox, (message) => {
          const whole = joiner.push(message.data);
          if (!whole) return;
          clearTimeout(timer);
          resolve(parseForwardedResponse(whole.subarray(1)));
        });
        this.deps.nats.publish(httpSubject(node), JSON.stringify(request), inbox);
      });
    } finally {
      sub?.unsubscribe();
    }
  }

  /** The room of a phone call some node of the cluster has (undefined: none answers). */
  async callRoom(sid: string): Promise<string | undefined> {
    try {
      return (await this.deps.nats.request(CALL_ROOM_SUBJECT, sid, CALL_ROOM_TIMEOUT_MS)).toString();
    } catch (error) {
      if (error instanceof NatsTimeout) return undefined;
      throw error;
    }
  }

  /** Another node asks which room a phone call is in: answered only when it is one of this node's. */
  answerCallRoom(message: NatsMessage): void {
    const roomId = this.deps.work()?.callRoom(message.data.toString());
    if (roomId !== undefined && message.replyTo) this.deps.nats.publish(message.replyTo, roomId);
  }

  /** A forwarded request: run here, its answer sent back in parts. */
  async answer(data: Buffer, replyTo: string | undefined): Promise<void> {
    if (!replyTo?.startsWith(`${HTTP_REPLY_PREFIX}.`)) return;
    const request = parseForwardedRequest(data);
    const work = this.deps.work();
    let response: ForwardedResponse;
    if (!request || !work || this.deps.closing()) {
      response = { status: 503, headers: {}, body: '' };
    } else {
      try {
        response = await work.inject(request);
      } catch (error) {
        this.deps.log('warn', 'a forwarded request failed', { error: (error as Error).message });
        response = { status: 500, headers: {}, body: '' };
      }
    }
    for (const part of framesOf(0, JSON.stringify(response))) this.deps.nats.publish(replyTo, part);
  }
}
