/**
 * Vocabulary boost (conversation.md: Boost words, validation rules, `access-boost-words`,
 * `user-boost-words`): a person's list of words that recognition should favour (names, places,
 * jargon). One module for the rules, used by the server, the end sequence's BOOST stage and the
 * account settings, so every place keeps and refuses the same words.
 *
 * The rules: the input is comma-separated; each entry is trimmed and stripped of _ . , ! ?;
 * only entries present in the transcript (when there is one) and not already boosted are kept;
 * an empty list is ignored; an input longer than BOOST_WORDS_INPUT_MAX_LENGTH is refused with
 * 'Too many characters.'
 */
import { normalizeWords } from './wer';
import { array, boolean, type Infer, object, oneOf, optional, string } from './schema';

/** The spec's refusal for a plan without boost (accounts.md, conversation.md). */
export const BOOST_REQUIRES_UPGRADE = 'Vocabulary Boost requires upgrade';
/** The spec's error text for an input that is too long. */
export const TOO_MANY_CHARACTERS = 'Too many characters.';
/** Longest comma-separated input one message may carry. */
export const BOOST_WORDS_INPUT_MAX_LENGTH = 1000;
/** Longest single entry (a word or a short phrase such as a place name). */
export const BOOST_WORD_MAX_LENGTH = 50;
/** Most entries one person's list may hold. */
export const BOOST_LIST_MAX = 300;
export const BOOST_ACTIONS = ['list', 'add', 'remove'] as const;
export type BoostAction = (typeof BOOST_ACTIONS)[number];

/**
 * One entry as stored: trimmed, inner spaces collapsed, _ . , ! ? removed, in the case the person
 * typed ("Katie" stays "Katie": captions write the name that way).
 */
export function cleanBoostWord(raw: string): string {
  return raw
    .replace(/[_.,!?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What entries are compared by: "Katie" and "katie" are the same entry. */
export function boostWordKey(raw: string): string {
  return cleanBoostWord(raw).toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `word` (lower case) as `text` writes it, first occurrence; the word itself if not found. */
function writtenAs(text: string, word: string): string {
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}'])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'iu');
  return pattern.exec(text)?.[0] ?? word;
}

/**
 * A caption with the boosted entries written as the person typed them (matched whatever their
 * case in the caption, as whole words). Entries typed all in lower case change nothing; a line's
 * first capital is kept.
 */
export function withBoostedCase(text: string, boosted: readonly string[]): string {
  let out = text;
  for (const entry of boosted) {
    const typed = cleanBoostWord(entry);
    if (typed === '' || typed === typed.toLowerCase()) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}'])${escapeRegExp(typed)}(?![\\p{L}\\p{N}])`, 'giu');
    out = out.replace(pattern, typed);
  }
  return out;
}

export type BoostWordsResult = { ok: true; words: string[] } | { ok: false; error: string };

/**
 * Splits a comma-separated input into clean entries, in order, each once. An entry longer than
 * BOOST_WORD_MAX_LENGTH, or an input longer than BOOST_WORDS_INPUT_MAX_LENGTH, is refused.
 */
export function parseBoostWords(input: string): BoostWordsResult {
  if (input.length > BOOST_WORDS_INPUT_MAX_LENGTH) return { ok: false, error: TOO_MANY_CHARACTERS };
  const words: string[] = [];
  for (const part of input.split(',')) {
    const word = cleanBoostWord(part);
    if (!word) continue;
    if (word.length > BOOST_WORD_MAX_LENGTH) return { ok: false, error: TOO_MANY_CHARACTERS };
    if (!words.some((w) => boostWordKey(w) === boostWordKey(word))) words.push(word);
  }
  return { ok: true, words };
}

/**
 * The list a member of an organisation's recognition is given: their own entries first, then the
 * organisation's vocabulary (workspace settings), each entry once whatever its case (the
 * person's spelling wins), at most BOOST_LIST_MAX entries in all. Someone outside any
 * organisation passes no organisation words and gets their own list unchanged.
 */
export function recognitionBoostList(own: readonly string[], organization: readonly string[]): string[] {
  const out: string[] = [];
  const have = new Set<string>();
  for (const raw of [...own, ...organization]) {
    if (out.length >= BOOST_LIST_MAX) break;
    const word = cleanBoostWord(raw);
    const key = word.toLowerCase();
    if (word === '' || word.length > BOOST_WORD_MAX_LENGTH || have.has(key)) continue;
    have.add(key);
    out.push(word);
  }
  return out;
}

/** The words of a transcript as boost entries compare them (see wer.ts normalizeWords). */
export function transcriptVocabulary(texts: readonly string[]): Set<string> {
  return new Set(texts.flatMap((t) => normalizeWords(t)));
}

/** Whether every word of `entry` (one word or a phrase) occurs in the transcript's words. */
function inTranscript(entry: string, vocabulary: ReadonlySet<string>): boolean {
  const words = normalizeWords(entry);
  return words.length > 0 && words.every((w) => vocabulary.has(w));
}

/**
 * The entries of `input` to add to a list that holds `alreadyBoosted`: new ones only, and when
 * `transcript` is given (adding from a conversation), only those present in it. Refuses an input
 * that is too long, or an addition that would take the list past BOOST_LIST_MAX.
 */
export function newBoostWords(
  input: string,
  options: { alreadyBoosted: readonly string[]; transcript?: ReadonlySet<string> },
): BoostWordsResult {
  const parsed = parseBoostWords(input);
  if (!parsed.ok) return parsed;
  const have = new Set(options.alreadyBoosted.map(boostWordKey));
  const words = parsed.words.filter(
    (w) =>
      !have.has(boostWordKey(w)) && (options.transcript === undefined || inTranscript(w, options.transcript)),
  );
  if (have.size + words.length > BOOST_LIST_MAX) return { ok: false, error: TOO_MANY_CHARACTERS };
  return { ok: true, words };
}

/**
 * The words people corrected in one conversation, as the BOOST stage offers them: for each line,
 * the words of the corrected text that recognition did not produce (compared with the line's
 * ASR text), counted over the conversation, most corrected first. Words already boosted are left
 * out; nothing here adds anything (the person chooses).
 */
export function correctedWordCounts(
  lines: ReadonlyArray<{ asrText?: string | undefined; text: string }>,
  alreadyBoosted: readonly string[],
): Array<{ word: string; count: number }> {
  const have = new Set(alreadyBoosted.map(boostWordKey));
  // By key; offered as the correction wrote it first ("Katie", not "katie").
  const counts = new Map<string, { word: string; count: number }>();
  for (const line of lines) {
    if (line.asrText === undefined || line.asrText === line.text) continue;
    const asr = new Map<string, number>();
    for (const w of normalizeWords(line.asrText)) asr.set(w, (asr.get(w) ?? 0) + 1);
    for (const w of normalizeWords(line.text)) {
      const left = asr.get(w) ?? 0;
      if (left > 0) {
        asr.set(w, left - 1);
        continue;
      }
      const key = boostWordKey(w);
      if (!key || have.has(key) || key.length > BOOST_WORD_MAX_LENGTH) continue;
      const seen = counts.get(key);
      if (seen) seen.count += 1;
      else counts.set(key, { word: cleanBoostWord(writtenAs(line.text, w)), count: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.word.localeCompare(b.word));
}

/**
 * One's own boost list over HTTP, for the account settings' Boost tab (outside a conversation):
 * GET answers `BoostWordsResponse`; PATCH takes `BoostWordsChange` and answers the same with
 * what changed, or 400 with 'Too many characters.'. The rules are those above; additions need
 * not have been said anywhere (there is no conversation to check them against).
 */
export const BOOST_WORDS_ROUTE = '/api/v1/users/me/boost-words';

/**
 * PATCH's body. `words`: comma-separated input, as typed; its length is the rules' to refuse
 * ('Too many characters.'), not the schema's.
 */
export const boostWordsChangeSchema = object({
  action: oneOf(['add', 'remove'] as const),
  words: string({ max: 100_000 }),
});
export type BoostWordsChange = Infer<typeof boostWordsChangeSchema>;

/** `upgradeRequired`: the plan does not include boost: the list is shown but not used, and cannot be changed. */
export const boostWordsResponseSchema = object({
  words: array(string()),
  added: optional(array(string())),
  removed: optional(array(string())),
  upgradeRequired: optional(boolean()),
});
export type BoostWordsResponse = Infer<typeof boostWordsResponseSchema>;

/**
 * A list after `change`: the words added and removed, or the refusal. Pure: the server saves
 * the result, the socket message and the HTTP route both use it.
 */
export function applyBoostChange(
  list: readonly string[],
  change: BoostWordsChange,
  transcript?: ReadonlySet<string>,
): { ok: true; words: string[]; added: string[]; removed: string[] } | { ok: false; error: string } {
  if (change.action === 'add') {
    const result = newBoostWords(change.words, {
      alreadyBoosted: list,
      ...(transcript ? { transcript } : {}),
    });
    if (!result.ok) return result;
    return { ok: true, words: [...list, ...result.words], added: result.words, removed: [] };
  }
  const parsed = parseBoostWords(change.words);
  if (!parsed.ok) return parsed;
  const wanted = new Set(parsed.words.map(boostWordKey));
  const removed = list.filter((w) => wanted.has(boostWordKey(w)));
  return { ok: true, words: list.filter((w) => !removed.includes(w)), added: [], removed };
}
