/**
 * What `startServer` (app.ts) hands back: what tests, benchmarks and main.ts reach into, and
 * the one way to stop it.
 */
import type { FastifyInstance } from 'fastify';
import type { SpeechPool } from '../native/speech/pool';
import type { TtsStatus } from '../native/tts/types';
import type { IdentityVerifier } from './auth';
import type { ClusterNode } from './cluster';
import type { MeterClock } from './credits';
import type { OpenDatabase } from './db';
import type { MeetingBotService } from './meeting-bot';
import type { Payments } from './payments';
import type { PhoneCallService } from './phone-calls';
import type { RoomRegistry } from './rooms';
import type { TranslationService } from './translation';

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  registry: RoomRegistry;
  pool: SpeechPool;
  database: OpenDatabase;
  /** The text-to-speech engine, or why voiced replies are off. */
  tts: TtsStatus;
  /** The translation engine, or none with the reason (translation/service.ts). */
  translation: TranslationService;
  /** Verifies identity tokens; undefined when no identity provider is configured. */
  verifier: IdentityVerifier | undefined;
  /** Stripe, or the local checkout stand-in (payments.standIn) without keys. */
  payments: Payments;
  /** The rooms' meeting bots and their provider (or its local stand-in). */
  meetingBots: MeetingBotService;
  /** The rooms' phone calls and their provider (Twilio, or its local stand-in). */
  phoneCalls: PhoneCallService;
  /** Cluster mode's node (cluster/node.ts); undefined in one-process mode. */
  cluster: ClusterNode | undefined;
  /** Stops taking connections, turns the last words into finals, stores them, and closes. */
  close(): Promise<void>;
}

/** What tests replace: the clock credits are counted down by (Premium and Scribe time). */
export interface ServerOverrides {
  creditClock?: MeterClock;
}

/**
 * The server's `close`: each step in turn, awaited (the order is what stores the last words
 * before the database goes); called again, the same closing.
 */
export function closeInOrder(steps: ReadonlyArray<() => unknown>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () =>
    (closing ??= (async () => {
      for (const step of steps) await step();
    })());
}
