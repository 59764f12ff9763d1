/**
 * The curse filter applied to what one reader receives (levels: shared/curse-filter.ts), with
 * the kept `obscenity` library: its English word list and its transformers (which catch
 * "fuuuck" and look-alike letters), split into the levels by each word's original form.
 *
 * Captions are copied, never changed in place: the room sends one message object to every
 * member and keeps its finals for joiners and storage, so the original stays as it was said.
 */
import {
  DataSet,
  RegExpMatcher,
  TextCensor,
  asteriskCensorStrategy,
  englishDataset,
  englishRecommendedTransformers,
  keepStartCensorStrategy,
} from 'obscenity';
import { CURSE_FILTER_DEFAULT, type CurseFilterLevel, isCurseFilterLevel } from '../../shared/curse-filter';
import type { Transcript } from '../../shared/entities';
import type { ServerMessage } from '../../shared/protocol';
import { isSharedMessage, shareMessage } from './fan-out';

/** Masked from level 1: slurs, and the swear words most people find the strongest. */
const MILD_LEVEL_WORDS: ReadonlySet<string> = new Set([
  'abeed',
  'abo',
  'africoon',
  'arabush',
  'boonga',
  'chingchong',
  'chink',
  'cunt',
  'dyke',
  'fag',
  'fuck',
  'kike',
  'negro',
  'nigger',
  'retard',
  'spastic',
  'tranny',
  'twat',
]);

/** Masked only at level 3: words with a plain, clinical or everyday use. */
const STRICT_LEVEL_WORDS: ReadonlySet<string> = new Set([
  'anal',
  'anus',
  'bestiality',
  'ejaculate',
  'hooker',
  'incest',
  'masturbate',
  'orgasm',
  'penis',
  'rape',
  'scat',
  'semen',
  'sex',
  'vagina',
]);

/** The level from which a word of the list is masked; words the list adds later count as swear words (2). */
export function levelOfWord(originalWord: string): CurseFilterLevel {
  if (MILD_LEVEL_WORDS.has(originalWord)) return 1;
  if (STRICT_LEVEL_WORDS.has(originalWord)) return 3;
  return 2;
}

interface LevelFilter {
  matcher: RegExpMatcher;
  censor: TextCensor;
}

const filters = new Map<CurseFilterLevel, LevelFilter>();

/** Built on first use: a matcher compiles its patterns, and most levels may never be asked for. */
function filterFor(level: Exclude<CurseFilterLevel, 0>): LevelFilter {
  let filter = filters.get(level);
  if (!filter) {
    const dataset = new DataSet<{ originalWord: string }>()
      .addAll(englishDataset)
      .removePhrasesIf((phrase) => levelOfWord(phrase.metadata?.originalWord ?? '') > level);
    const strategy =
      level === 3 ? asteriskCensorStrategy() : keepStartCensorStrategy(asteriskCensorStrategy());
    filter = {
      matcher: new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers }),
      censor: new TextCensor().setStrategy(strategy),
    };
    filters.set(level, filter);
  }
  return filter;
}

/** `text` as a reader at `level` reads it. */
export function censorText(text: string, level: CurseFilterLevel): string {
  if (level === 0 || text === '') return text;
  const { matcher, censor } = filterFor(level);
  const matches = matcher.getAllMatches(text, true);
  return matches.length === 0 ? text : censor.applyTo(text, matches);
}

/**
 * The caption as a reader at `level` receives it: every text (the original and each
 * translation) filtered, words of the timings too, so an export or screen reader reading them
 * finds no unfiltered copy. The same object back when nothing changed.
 */
export function censorTranscript(transcript: Transcript, level: CurseFilterLevel): Transcript {
  if (level === 0) return transcript;
  let changed = false;
  const texts: Record<string, string> = {};
  for (const [lang, text] of Object.entries(transcript.texts)) {
    texts[lang] = censorText(text, level);
    if (texts[lang] !== text) changed = true;
  }
  // Words hold nothing the texts do not: a line with clean texts has clean words.
  if (!changed) return transcript;
  const words = transcript.asr?.words?.map((word) => {
    const w = censorText(word.w, level);
    return w === word.w ? word : { ...word, w };
  });
  return {
    ...transcript,
    texts,
    ...(transcript.asr ? { asr: { ...transcript.asr, ...(words ? { words } : {}) } } : {}),
  };
}

/**
 * Filtered messages by level, per message: the room sends one message object to every member,
 * so a room of fifty readers at the same level filters each caption once, not fifty times.
 */
const filtered = new WeakMap<ServerMessage, Map<CurseFilterLevel, ServerMessage>>();

/** A server message as this reader receives it: captions filtered, anything else as it is. */
export function censorMessage(message: ServerMessage, level: CurseFilterLevel): ServerMessage {
  if (level === 0 || !carriesCaptions(message)) return message;
  let byLevel = filtered.get(message);
  const known = byLevel?.get(level);
  if (known) return known;
  const result = censorCaptions(message, level);
  // The copy is what every reader at this level receives of a shared message: shared too.
  if (isSharedMessage(message)) shareMessage(result);
  if (!byLevel) filtered.set(message, (byLevel = new Map()));
  byLevel.set(level, result);
  return result;
}

function carriesCaptions(message: ServerMessage): boolean {
  return (
    message.type === 'transcript' ||
    message.type === 'transcripts' ||
    message.type === 'transcripts-since-response' ||
    message.type === 'transcripts-before-response'
  );
}

function censorCaptions(message: ServerMessage, level: CurseFilterLevel): ServerMessage {
  switch (message.type) {
    case 'transcript': {
      const transcript = censorTranscript(message.transcript, level);
      return transcript === message.transcript ? message : { ...message, transcript };
    }
    case 'transcripts':
    case 'transcripts-since-response':
    case 'transcripts-before-response':
      return { ...message, transcripts: message.transcripts.map((t) => censorTranscript(t, level)) };
    default:
      return message;
  }
}

/** One connection's filter: its level (connection-params, then set-curse-filter) and the messages it changes. */
export class ReaderCurseFilter {
  level: CurseFilterLevel = CURSE_FILTER_DEFAULT;

  set(level: unknown): void {
    if (isCurseFilterLevel(level)) this.level = level;
  }

  apply(message: ServerMessage): ServerMessage {
    return censorMessage(message, this.level);
  }
}
