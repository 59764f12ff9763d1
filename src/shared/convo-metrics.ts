/**
 * The spec's conversation metrics counters (conversation.md, Convo metrics counters; the
 * profile's convoMetrics): kept by the server for every conversation an account was in, and
 * for every rating and saved transcript. Times are in milliseconds, like the profile's other times.
 */
export const CONVO_METRIC_COUNTERS = [
  'Total Convo Time',
  'Total Saved Transcripts',
  'Total Solo Time',
  'Total Group Time',
  'Total Conversations',
  'Total Convo Words',
  'Total Solo Words',
  'Total Group Words',
  'Total Solo Conversations Web',
  'Total Group Conversations Web',
  'NB_SOLO_CONVO',
  'NB_GROUP_CONVO',
  'Rated_1',
  'Rated_2',
  'Rated_3',
  'Rated_4',
  'Rated_5',
] as const;
export type ConvoMetricCounter = (typeof CONVO_METRIC_COUNTERS)[number];

/** The profile's convoMetrics: accounts.md's total_conversations, and the spec's counters. */
export type ConvoMetrics = { total_conversations: number } & Partial<Record<ConvoMetricCounter, number>>;

/** One finished conversation as the counters see it. */
export interface ConversationFacts {
  /** Distinct speakers of its lines: solo with one (or none), group with more. */
  speakers: number;
  words: number;
  durationMs: number;
}

function add(metrics: ConvoMetrics, counter: ConvoMetricCounter, amount: number): void {
  metrics[counter] = (metrics[counter] ?? 0) + amount;
}

/** The counters after one more conversation (a new object: the input is left as it was). */
export function countConversation(previous: ConvoMetrics, facts: ConversationFacts): ConvoMetrics {
  const metrics: ConvoMetrics = { ...previous };
  const solo = facts.speakers <= 1;
  const durationMs = Math.max(0, Math.round(facts.durationMs));
  metrics.total_conversations = (previous.total_conversations ?? 0) + 1;
  add(metrics, 'Total Conversations', 1);
  add(metrics, 'Total Convo Time', durationMs);
  add(metrics, 'Total Convo Words', facts.words);
  add(metrics, solo ? 'Total Solo Time' : 'Total Group Time', durationMs);
  add(metrics, solo ? 'Total Solo Words' : 'Total Group Words', facts.words);
  add(metrics, solo ? 'Total Solo Conversations Web' : 'Total Group Conversations Web', 1);
  add(metrics, solo ? 'NB_SOLO_CONVO' : 'NB_GROUP_CONVO', 1);
  return metrics;
}

/** The counters after a rating of `stars` (1 to 5). */
export function countRating(previous: ConvoMetrics, stars: 1 | 2 | 3 | 4 | 5): ConvoMetrics {
  const metrics: ConvoMetrics = { ...previous };
  add(metrics, `Rated_${stars}`, 1);
  return metrics;
}

export function countSavedTranscript(previous: ConvoMetrics): ConvoMetrics {
  const metrics: ConvoMetrics = { ...previous };
  add(metrics, 'Total Saved Transcripts', 1);
  return metrics;
}

/** Words of a line as the counters count them: runs of letters or digits. */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}
