/**
 * The pages of finals a member asks for: `transcripts-since` (what it missed after a gap or a
 * reconnection, in the order stored) and `transcripts-before` (older finals, when scrolling back).
 *
 * An answer costs what it returns, not what the room holds (issue 32: ten sockets asking for a
 * 200-line room ten times a second stalled the server for 21 s): the since page is found by a
 * binary search over the finals in store order, the before page by one over index order; a page
 * holds at most TRANSCRIPT_PAGE_MAX finals and about TRANSCRIPT_PAGE_MAX_CHARS characters of
 * text (at least one final, so paging always moves on). Who may ask how often is the socket's
 * rule (a per-identity limit, limits.ts `transcriptPages`).
 */
import { TRANSCRIPT_PAGE_MAX, TRANSCRIPT_PAGE_MAX_CHARS } from '../../shared/constants';
import type { Transcript } from '../../shared/entities';
import type { StoredFinal } from '../transcripts';

/** Characters of text a final carries: its speech and every translation. */
export function textLength(transcript: Transcript): number {
  let length = 0;
  for (const text of Object.values(transcript.texts)) length += text?.length ?? 0;
  return length;
}

/** Takes finals while the page has room: at most `max`, and text while under `maxChars`. */
class PageBudget {
  private count = 0;
  private chars = 0;

  constructor(
    private readonly max: number,
    private readonly maxChars: number,
  ) {}

  /** Whether `final` fits (the first always does); counts it when it does. */
  take(final: StoredFinal): boolean {
    const length = textLength(final.transcript);
    if (this.count >= this.max) return false;
    if (this.count > 0 && this.chars + length > this.maxChars) return false;
    this.count += 1;
    this.chars += length;
    return true;
  }
}

/** Caption order: by index, then start time, then id (total, as the clients order them). */
export function compareFinals(a: Transcript, b: Transcript): number {
  return a.index - b.index || a.timestampMs - b.timestampMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A room's finals in caption order (what joiners and `transcripts-before` read), and by id. A
 * line stored again (corrected, translated, given another speaker) is found by its id and
 * replaced in its place by a binary search, so storing one costs the same in a room of ten
 * lines or of ten thousand (issue 31: a line corrected many times a second).
 */
export class CaptionOrder {
  private readonly list: StoredFinal[];
  private readonly byId = new Map<string, StoredFinal>();

  constructor(finals: Iterable<StoredFinal> = []) {
    this.list = [...finals].sort((a, b) => compareFinals(a.transcript, b.transcript));
    for (const final of this.list) this.byId.set(final.transcript.id, final);
  }

  /** Every final, in caption order. */
  get all(): readonly StoredFinal[] {
    return this.list;
  }

  get(id: string): StoredFinal | undefined {
    return this.byId.get(id);
  }

  /** A final just stored: a new one takes its place in the order, a known one replaces itself. */
  put(final: StoredFinal): void {
    const previous = this.byId.get(final.transcript.id);
    if (previous && compareFinals(previous.transcript, final.transcript) === 0) {
      this.list[this.firstFrom(previous.transcript, false)] = final;
    } else {
      if (previous) this.list.splice(this.firstFrom(previous.transcript, false), 1);
      this.list.splice(this.firstFrom(final.transcript, true), 0, final);
    }
    this.byId.set(final.transcript.id, final);
  }

  /** The position of the first final after `t` (`after`), or the first not before it (where `t` is). */
  private firstFrom(t: Transcript, after: boolean): number {
    let low = 0;
    let high = this.list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const order = compareFinals(this.list[mid]!.transcript, t);
      if (order < 0 || (after && order === 0)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** Stale entries tolerated before the store-order log is rebuilt (a line edited many times). */
const COMPACT_AFTER_STALE = 256;

/**
 * A room's finals in the order they were last stored (seq order). A final stored again (edited,
 * translated) moves to the end; its earlier place stays in the log as a stale entry, skipped when
 * read, until the log is compacted.
 */
export class StoreOrder {
  private log: StoredFinal[] = [];
  private readonly current = new Map<string, StoredFinal>();
  private stale = 0;

  constructor(finals: Iterable<StoredFinal> = []) {
    for (const final of [...finals].sort((a, b) => a.seq - b.seq)) this.add(final);
  }

  /** A final just stored, with a seq above every one before. */
  add(final: StoredFinal): void {
    if (this.current.has(final.transcript.id)) this.stale += 1;
    this.current.set(final.transcript.id, final);
    const last = this.log[this.log.length - 1];
    if (last && last.seq >= final.seq) {
      // Not expected (seqs only grow); kept ordered anyway.
      this.log.splice(this.firstAfter(final.seq), 0, final);
    } else this.log.push(final);
    if (this.stale > COMPACT_AFTER_STALE && this.stale > this.log.length / 2) this.compact();
  }

  get size(): number {
    return this.current.size;
  }

  /**
   * The finals stored after `afterSeq`, oldest first, one page of them; `complete` when nothing
   * stored after `afterSeq` is left out.
   */
  since(
    afterSeq: number,
    max = TRANSCRIPT_PAGE_MAX,
    maxChars = TRANSCRIPT_PAGE_MAX_CHARS,
  ): { finals: StoredFinal[]; complete: boolean } {
    const budget = new PageBudget(max, maxChars);
    const finals: StoredFinal[] = [];
    for (let i = this.firstAfter(afterSeq); i < this.log.length; i++) {
      const entry = this.log[i]!;
      if (!this.isCurrent(entry)) continue;
      if (!budget.take(entry)) return { finals, complete: false };
      finals.push(entry);
    }
    return { finals, complete: true };
  }

  private isCurrent(entry: StoredFinal): boolean {
    return this.current.get(entry.transcript.id) === entry;
  }

  /** The position of the first entry whose seq is above `seq`. */
  private firstAfter(seq: number): number {
    let low = 0;
    let high = this.log.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.log[mid]!.seq <= seq) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  private compact(): void {
    this.log = this.log.filter((entry) => this.isCurrent(entry));
    this.stale = 0;
  }
}

/**
 * Where a page that would begin at `start` begins so that it holds every line of its first
 * index: lines captioned late share the index of the line said after them (rooms/catch-up.ts),
 * and a reader asks for older pages by index, so a page cut inside such a group would hide the
 * group's first lines for good. A group is a few lines (held audio is at most minutes), so the
 * page grows past its budget by that much.
 */
export function groupStart(finals: readonly StoredFinal[], start: number, end: number): number {
  let at = start;
  while (at > 0 && at < end && finals[at - 1]!.transcript.index === finals[at]!.transcript.index) at -= 1;
  return at;
}

/**
 * Up to `limit` finals (and about TRANSCRIPT_PAGE_MAX_CHARS of text) with an index below
 * `beforeIndex`, from `finals` in index order; `hasOlder` when finals before the page remain.
 */
export function pageBefore(
  finals: readonly StoredFinal[],
  beforeIndex: number,
  limit = TRANSCRIPT_PAGE_MAX,
  maxChars = TRANSCRIPT_PAGE_MAX_CHARS,
): { finals: StoredFinal[]; hasOlder: boolean } {
  let low = 0;
  let high = finals.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (finals[mid]!.transcript.index < beforeIndex) low = mid + 1;
    else high = mid;
  }
  const end = low;
  const budget = new PageBudget(Math.min(Math.max(1, limit), TRANSCRIPT_PAGE_MAX), maxChars);
  let start = end;
  while (start > 0 && budget.take(finals[start - 1]!)) start -= 1;
  start = groupStart(finals, start, end);
  return { finals: finals.slice(start, end), hasOlder: start > 0 };
}
