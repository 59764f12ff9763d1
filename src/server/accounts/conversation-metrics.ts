/**
 * Writes the spec's conversation metrics counters (shared/convo-metrics.ts) into the profiles
 * of the accounts concerned: every account in a conversation once it has ended (counted once,
 * however many times the end is reported), and one account for a rating or a saved transcript.
 * Guests have no profile, so nothing of theirs is counted.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  type ConvoMetrics,
  countConversation,
  countRating,
  countSavedTranscript,
  wordCount,
} from '../../shared/convo-metrics';
import type { Database } from '../db';
import { type UsageLine, conversationUsage } from '../reporting';

type Db = Kysely<Database> | Transaction<Database>;

function metricsOf(value: unknown): ConvoMetrics {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object'
    ? { total_conversations: 0, ...(parsed as object) }
    : { total_conversations: 0 };
}

async function updateMetrics(
  db: Db,
  avaId: string,
  change: (m: ConvoMetrics) => ConvoMetrics,
  nowMs: number,
) {
  // Read and written under the row's lock: two conversations ending at once both count.
  const row = await db
    .selectFrom('users')
    .select('convo_metrics')
    .where('ava_id', '=', avaId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('users')
    .set({ convo_metrics: JSON.stringify(change(metricsOf(row.convo_metrics))), updated_at_ms: nowMs })
    .where('ava_id', '=', avaId)
    .execute();
  return true;
}

/**
 * Each speaking person's caption time and words in this conversation, with their organisation
 * now (reporting groups by it), in the transaction that marks the conversation counted: written
 * once, like the counters.
 */
async function recordUsage(
  db: Db,
  roomId: string,
  startedAtMs: number,
  lines: {
    author: string;
    text: string;
    source_author: string | null;
    engine: string;
    use_paid_asr: boolean;
    words: unknown;
  }[],
): Promise<void> {
  const usage = conversationUsage(
    lines.map((l) => ({
      author: l.author,
      sourceAuthor: l.source_author,
      engine: l.engine,
      usePaidAsr: l.use_paid_asr,
      text: l.text,
      words: (typeof l.words === 'string' ? JSON.parse(l.words) : (l.words ?? [])) as UsageLine['words'],
    })),
  );
  if (usage.size === 0) return;
  const orgs = await db
    .selectFrom('users')
    .select(['ava_id', 'organization_id'])
    .where('ava_id', 'in', [...usage.keys()])
    .execute();
  const orgOf = new Map(orgs.map((o) => [o.ava_id, o.organization_id]));
  await db
    .insertInto('conversation_usage')
    .values(
      [...usage].map(([avaId, u]) => ({
        room_id: roomId,
        ava_id: avaId,
        organization_id: orgOf.get(avaId) ?? null,
        started_at_ms: startedAtMs,
        basic_ms: Math.round(u.basicMs),
        premium_ms: Math.round(u.premiumMs),
        scribe_ms: 0,
        words: u.words,
      })),
    )
    .onConflict((oc) => oc.columns(['room_id', 'ava_id']).doNothing())
    .execute();
}

export class ConversationMetricsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts an ended conversation for its host and members who have accounts; false when it was
   * counted already or has not ended. The mark and the counters change in one transaction.
   */
  async countEnded(roomId: string, nowMs: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const room = await trx
        .updateTable('rooms')
        .set({ metrics_counted: true })
        .where('id', '=', roomId)
        .where('state', '=', 'ended')
        .where('metrics_counted', '=', false)
        .returning(['host_ava_id', 'start_timestamp_ms', 'ended_at_ms'])
        .executeTakeFirst();
      if (!room) return false;
      const lines = await trx
        .selectFrom('transcripts')
        .select(['author', 'text', 'source_author', 'engine', 'use_paid_asr', 'words'])
        .where('room_id', '=', roomId)
        .where('gap_to_ms', 'is', null)
        .execute();
      const facts = {
        speakers: new Set(lines.map((l) => l.author)).size,
        words: lines.reduce((sum, l) => sum + wordCount(l.text), 0),
        durationMs: Number(room.ended_at_ms ?? nowMs) - Number(room.start_timestamp_ms),
      };
      const members = await trx
        .selectFrom('room_members')
        .select('ava_id')
        .where('room_id', '=', roomId)
        .execute();
      const people = new Set([room.host_ava_id, ...members.map((m) => m.ava_id)]);
      for (const avaId of people) await updateMetrics(trx, avaId, (m) => countConversation(m, facts), nowMs);
      await recordUsage(trx, roomId, Number(room.start_timestamp_ms), lines);
      return true;
    });
  }

  async countRating(avaId: string, stars: 1 | 2 | 3 | 4 | 5, nowMs: number): Promise<boolean> {
    return this.db
      .transaction()
      .execute((trx) => updateMetrics(trx, avaId, (m) => countRating(m, stars), nowMs));
  }

  async countSavedTranscript(avaId: string, nowMs: number): Promise<boolean> {
    return this.db.transaction().execute((trx) => updateMetrics(trx, avaId, countSavedTranscript, nowMs));
  }
}

/**
 * Counts a conversation that ended in its accounts' metrics, in the background: the room has
 * ended whatever happens here, so a failure is logged and never reaches the host. Counting is
 * once per conversation however often its end is reported (countEnded), so callers need not
 * know whether another path counted it already.
 */
export function countEndedConversation(deps: {
  metrics: Pick<ConversationMetricsRepository, 'countEnded'>;
  now(): number;
  log(level: 'warn', message: string, extra?: object): void;
}): (roomId: string) => void {
  return (roomId) =>
    void deps.metrics.countEnded(roomId, deps.now()).catch((error: unknown) =>
      deps.log('warn', 'could not count the conversation in its metrics', {
        roomId,
        error: (error as Error).message,
      }),
    );
}
