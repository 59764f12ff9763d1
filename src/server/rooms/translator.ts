/**
 * A room's translation: who reads in which language, and the translated captions they get.
 *
 * - Partials: the original goes out at once, carrying the caption's latest translations (which
 *   may be of an earlier partial: `indexes` says how much of the original they cover); the
 *   translation of the newest text follows at most every TRANSLATION_DELAY_MS per caption.
 *   Firm text first (issue 25): once a line has firm words, a partial's translation is of its
 *   firm words only, asked again only when they grow; the tentative tail is translated with the
 *   final. Before the first firm word the whole partial is translated, so the line starts at once.
 * - Finals: translated into every language being read, always, once the original is stored and
 *   shown (the room stores the translations with it afterwards, so nothing stored waits on the
 *   engine and an engine failure loses nothing). A translation that fails is said in
 *   `translationErrors`, not left out in silence.
 */
import type { AutoTranslation, Transcript } from '../../shared/entities';
import { firmText } from '../../shared/firm-words';
import { type LanguagePair, baseLanguage } from '../../shared/translation';
import type { TranslationEngine } from '../translation';
import { autoTargets } from './auto-translate';
import type { Timers } from './throttle';
import { TranslationCadence } from './translation-cadence';
import { TranslationMemo } from './translation-memo';

export interface TranslatorDeps {
  engine: TranslationEngine | undefined;
  timers: Timers;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
  /** A partial with a fresh translation, for everyone (a newer original may already be out). */
  sendPartial(t: Transcript): void;
  /** A final with its translations (or their errors), for the room to store and show. */
  finalTranslated(t: Transcript): void;
}

/** What is known of a caption still being spoken. */
interface OpenCaption {
  /** Its latest partial as received (untranslated). */
  partial: Transcript;
  /** The text of it last given to translation (firm-words.ts: the firm words once there are some). */
  source?: string;
  texts: Record<string, string>;
  indexes: Record<string, number>;
  /** Partials received so far: each translation asked carries the number of its partial. */
  version: number;
  /** The newest partial whose translation was applied, per language (late answers lose). */
  applied: Record<string, number>;
}

export class RoomTranslator {
  private readonly readers = new Map<object, string>();
  private auto: AutoTranslation | undefined;
  private readonly open = new Map<string, OpenCaption>();
  private readonly cadence: TranslationCadence<{ t: Transcript; version: number }>;
  private closed = false;
  /** Partial failures are logged once per language, not once per partial. */
  private readonly partialFailuresLogged = new Set<string>();
  /**
   * Finals being translated, by id, with the newest version of each stored meanwhile: a line
   * corrected many times a second is translated one version at a time, the latest next, instead
   * of once per correction all at once on the engine every room shares (issue 31).
   */
  private readonly finalsInFlight = new Map<string, Transcript | undefined>();
  /** The engine's answers shared by everyone asking the same text into the same language. */
  private readonly memo: TranslationMemo | undefined;
  /**
   * Lines being translated into a language now (`lang\nid`, how many times): a backfill leaves
   * them to the translation under way, whose result every reader of that language gets. Readers
   * of one language starting together would otherwise each translate, store and show the same
   * lines to everyone again, once per reader (issue 29 F-02: 13.9 s stalls with readers).
   */
  private readonly underway = new Map<string, number>();

  constructor(private readonly deps: TranslatorDeps) {
    this.cadence = new TranslationCadence(({ t, version }) => this.translatePartial(t, version), deps.timers);
    this.memo = deps.engine ? new TranslationMemo(deps.engine) : undefined;
  }

  get available(): boolean {
    return this.deps.engine !== undefined;
  }

  pairs(): readonly LanguagePair[] {
    return this.deps.engine?.pairs() ?? [];
  }

  /** Whether someone may choose to read in `lang`: a language some installed pair reads or writes. */
  readable(lang: string): boolean {
    const base = baseLanguage(lang);
    return this.pairs().some((p) => p.to === base || p.from === base);
  }

  /** `member` reads in `lang` (undefined: in each speaker's own language). */
  setReader(member: object, lang: string | undefined): void {
    if (lang === undefined) this.readers.delete(member);
    else this.readers.set(member, baseLanguage(lang));
    if (lang)
      for (const pair of this.pairs())
        if (pair.to === baseLanguage(lang)) this.deps.engine?.prepare?.(pair.from, pair.to);
  }

  readerLanguage(member: object): string | undefined {
    return this.readers.get(member);
  }

  forget(member: object): void {
    this.readers.delete(member);
  }

  get autoTranslation(): AutoTranslation | undefined {
    return this.auto;
  }

  set autoTranslation(value: AutoTranslation | undefined) {
    this.auto = value;
    if (value) {
      const host = baseLanguage(value.hostLanguage);
      this.deps.engine?.prepare?.(host, value.guestLanguage);
      this.deps.engine?.prepare?.(value.guestLanguage, host);
    }
  }

  /** The languages a caption spoken in `speechLang` is translated into now. */
  targets(speechLang: string): string[] {
    const from = baseLanguage(speechLang);
    const wanted = new Set([...this.readers.values(), ...autoTargets(this.auto, speechLang)]);
    wanted.delete(from);
    const pairs = this.pairs();
    return [...wanted].filter((to) => pairs.some((p) => p.from === from && p.to === to)).sort();
  }

  /** A partial to show now: the original with the caption's latest translations; the newest text's follows. */
  partial(t: Transcript): Transcript {
    const original = t.texts[t.speechLang] ?? '';
    let caption = this.open.get(t.id);
    if (!caption) {
      caption = { partial: t, texts: {}, indexes: {}, version: 0, applied: {} };
      this.open.set(t.id, caption);
    }
    caption.partial = t;
    caption.version += 1;
    const source = firmText(t) || original;
    if (this.available && source && source !== caption.source && this.targets(t.speechLang).length > 0) {
      caption.source = source;
      this.cadence.partial(t.id, { t, version: caption.version });
    }
    return this.decorate(t, caption);
  }

  /**
   * The caption is final and shown: its partials stop being translated, and the final is
   * translated for every reader (then handed to `finalTranslated`).
   */
  final(t: Transcript): void {
    this.cadence.end(t.id);
    this.open.delete(t.id);
    const original = t.texts[t.speechLang] ?? '';
    const targets = this.targets(t.speechLang);
    if (!this.available || !original || t.gap || targets.length === 0) return;
    if (this.finalsInFlight.has(t.id)) {
      this.finalsInFlight.set(t.id, t);
      return;
    }
    this.finalsInFlight.set(t.id, undefined);
    const from = baseLanguage(t.speechLang);
    for (const to of targets) this.claim(to, t.id);
    void Promise.all(
      targets.map(async (to) => {
        try {
          return { to, text: await this.memo!.translate(original, from, to) };
        } catch (error) {
          return { to, error: (error as Error).message };
        }
      }),
    ).then((results) => {
      for (const to of targets) this.release(to, t.id);
      const newer = this.finalsInFlight.get(t.id);
      this.finalsInFlight.delete(t.id);
      if (this.closed) return;
      // The newest version that came meanwhile is translated next (this one is still shown:
      // under a steady stream of corrections a reader always gets a recent translation).
      if (newer) this.final(newer);
      const texts = { ...t.texts };
      const indexes = { ...(t.indexes ?? {}), [t.speechLang]: original.length };
      const errors: Record<string, string> = {};
      for (const r of results) {
        if (r.text !== undefined) {
          texts[r.to] = r.text;
          indexes[r.to] = original.length;
        } else {
          errors[r.to] = r.error ?? 'translation failed';
          this.deps.log('warn', 'a final could not be translated; the original stays', {
            id: t.id,
            to: r.to,
            error: r.error,
          });
        }
      }
      const translated: Transcript = { ...t, texts, indexes };
      if (Object.keys(errors).length > 0) translated.translationErrors = errors;
      else delete translated.translationErrors;
      this.deps.finalTranslated(translated);
    });
  }

  /**
   * Someone starts reading in `lang`: the finals given (the latest ones, which they see, each
   * as last stored or queued) that lack it are translated too, one after the other, and handed
   * to `finalTranslated`. Lines already being translated into `lang` are left to that
   * translation: readers of one language share it.
   */
  backfill(finals: readonly Transcript[], lang: string): void {
    if (!this.available) return;
    const to = baseLanguage(lang);
    const todo = finals.filter((t) => {
      const from = baseLanguage(t.speechLang);
      return (
        !t.gap &&
        t.texts[t.speechLang] &&
        t.texts[to] === undefined &&
        from !== to &&
        !this.underway.has(underwayKey(to, t.id)) &&
        this.pairs().some((p) => p.from === from && p.to === to)
      );
    });
    for (const t of todo) this.claim(to, t.id);
    void (async () => {
      let next = 0;
      try {
        for (; next < todo.length; next++) {
          const t = todo[next]!;
          if (this.closed) return;
          if (!(await this.backfillLine(t, to))) return;
          // Handed on (queued with its translation): a reader coming now finds it translated.
          this.release(to, t.id);
        }
      } finally {
        for (const t of todo.slice(next)) this.release(to, t.id);
      }
    })();
  }

  /** One earlier final translated into `to` for new readers; false when the engine failed. */
  private async backfillLine(t: Transcript, to: string): Promise<boolean> {
    const original = t.texts[t.speechLang]!;
    try {
      const text = await this.memo!.translate(original, baseLanguage(t.speechLang), to);
      this.deps.finalTranslated({
        ...t,
        texts: { ...t.texts, [to]: text },
        indexes: { ...(t.indexes ?? {}), [t.speechLang]: original.length, [to]: original.length },
      });
      return true;
    } catch (error) {
      this.deps.log('warn', 'an earlier final could not be translated for a new reader', {
        id: t.id,
        to,
        error: (error as Error).message,
      });
      return false;
    }
  }

  private claim(to: string, id: string): void {
    const key = underwayKey(to, id);
    this.underway.set(key, (this.underway.get(key) ?? 0) + 1);
  }

  private release(to: string, id: string): void {
    const key = underwayKey(to, id);
    const left = (this.underway.get(key) ?? 0) - 1;
    if (left > 0) this.underway.set(key, left);
    else this.underway.delete(key);
  }

  /** A final as first shown: with the translations its partials had, until its own arrive. */
  withPendingTranslations(t: Transcript): Transcript {
    const caption = this.open.get(t.id);
    return caption ? this.decorate(t, caption) : t;
  }

  /** The caption is gone without a final (noise): nothing more to translate. */
  drop(id: string): void {
    this.cadence.end(id);
    this.open.delete(id);
  }

  private translatePartial(t: Transcript, version: number): void {
    const original = firmText(t) || (t.texts[t.speechLang] ?? '');
    const from = baseLanguage(t.speechLang);
    for (const to of this.targets(t.speechLang)) {
      this.memo!.translate(original, from, to).then(
        (text) => {
          const caption = this.open.get(t.id);
          if (this.closed || !caption || (caption.applied[to] ?? 0) >= version) return;
          caption.applied[to] = version;
          caption.texts[to] = text;
          caption.indexes[to] = original.length;
          this.deps.sendPartial(this.decorate(caption.partial, caption));
        },
        (error: unknown) => {
          if (this.partialFailuresLogged.has(to)) return;
          this.partialFailuresLogged.add(to);
          this.deps.log('warn', 'partial captions could not be translated', {
            to,
            error: (error as Error).message,
          });
        },
      );
    }
  }

  private decorate(t: Transcript, caption: OpenCaption): Transcript {
    const original = t.texts[t.speechLang] ?? '';
    if (Object.keys(caption.texts).length === 0) return t;
    return {
      ...t,
      texts: { ...caption.texts, ...t.texts },
      indexes: { ...caption.indexes, [t.speechLang]: original.length },
    };
  }

  close(): void {
    this.closed = true;
    this.cadence.close();
    this.open.clear();
  }
}

function underwayKey(to: string, id: string): string {
  return `${to}\n${id}`;
}

/** How many of the latest finals are translated for someone who starts reading in a language. */
export const TRANSLATION_BACKFILL_LINES = 50;

/**
 * A final's stored version with the translations of `update` added: texts and indexes of both,
 * and an error only for a language still without a text.
 */
export function mergeTranslations(current: Transcript, update: Transcript): Transcript {
  const texts = {
    ...current.texts,
    ...update.texts,
    [current.speechLang]: current.texts[current.speechLang] ?? '',
  };
  const indexes = { ...(current.indexes ?? {}), ...(update.indexes ?? {}) };
  const errors = Object.fromEntries(
    Object.entries({ ...(current.translationErrors ?? {}), ...(update.translationErrors ?? {}) }).filter(
      ([lang]) => texts[lang] === undefined,
    ),
  );
  const merged: Transcript = { ...current, texts, indexes };
  if (Object.keys(errors).length > 0) merged.translationErrors = errors;
  else delete merged.translationErrors;
  return merged;
}
