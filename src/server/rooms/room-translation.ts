/**
 * A live room's translation (a part of room.ts; translation.md): the language each member reads
 * captions in, auto-translate between a host and a guest, and the translator (translator.ts)
 * whose translated partials go out at once and whose translated finals go back to the core's
 * sequencer, to be stored after their original.
 */
import type { AutoTranslation, RoomTranslationStatus, Transcript } from '../../shared/entities';
import { DEFAULT_SPEECH_LANG } from '../../shared/constants';
import { baseLanguage } from '../../shared/translation';
import type { TranslationEngine } from '../translation';
import { chooseGuestLanguage, toggleActive } from './auto-translate';
import type { RoomCore } from './room-core';
import { RoomError, type RoomMember } from './room-contract';
import { RoomTranslator, TRANSLATION_BACKFILL_LINES } from './translator';

export type TranslationCore = Pick<
  RoomCore,
  'record' | 'storedFinals' | 'storedLine' | 'seq' | 'sendAll' | 'pushFinal' | 'broadcast' | 'log' | 'timers'
>;

export class RoomTranslation {
  /** Who reads in which language, and the translated captions they get (translator.ts). */
  private readonly translator: RoomTranslator;

  constructor(
    private readonly core: TranslationCore,
    /** None: translation is off. */
    engine: TranslationEngine | undefined,
  ) {
    this.translator = new RoomTranslator({
      engine,
      timers: core.timers,
      log: core.log,
      sendPartial: (t) => core.sendAll({ type: 'transcript', transcript: t, seq: core.seq }, true),
      finalTranslated: (t) => core.pushFinal({ transcript: t, translated: true }),
    });
  }

  get autoTranslation(): AutoTranslation | undefined {
    return this.translator.autoTranslation;
  }

  /**
   * The status's `translation`: whether this server translates, and the languages the room's
   * captions (in its language) are translated into now, for its readers and auto-translate.
   */
  get status(): RoomTranslationStatus {
    const available = this.translator.available;
    const spoken = this.core.record.langs[0] ?? DEFAULT_SPEECH_LANG;
    return { available, langs: available ? [...this.translator.targets(spoken)].sort() : [] };
  }

  /**
   * The language `member` reads captions in (translation.md): their own speakers' language needs
   * nothing; another needs an installed pair. Answered with `reading-language`.
   */
  setReadingLanguage(member: RoomMember, lang: string): void {
    const base = baseLanguage(lang);
    const spoken = baseLanguage(this.core.record.langs[0] ?? DEFAULT_SPEECH_LANG);
    if (base !== spoken) {
      if (!this.translator.available)
        throw new RoomError('translation-unavailable', 'translation is not available on this server');
      if (!this.translator.readable(base))
        throw new RoomError('translation-unavailable', `no installed language pair translates into ${base}`);
    }
    const before = this.status.langs.join();
    this.translator.setReader(member, base === spoken ? undefined : base);
    member.send({ type: 'reading-language', lang: base });
    // Everyone's status names the languages being read: told when they change.
    if (this.status.langs.join() !== before) this.core.broadcast('translation-changed');
    // The latest lines they already see, in their language too. Each as last queued: one
    // translated for an earlier reader and not yet stored is not translated again.
    if (base !== spoken)
      this.translator.backfill(
        this.core
          .storedFinals()
          .slice(-TRANSLATION_BACKFILL_LINES)
          .map((f) => this.core.storedLine(f.transcript.id) ?? f.transcript),
        base,
      );
  }

  /** Auto-translate: the guest's language (who may is decided in auth/access.ts). */
  setAutoTranslateGuestLanguage(language: string): void {
    const result = chooseGuestLanguage(
      this.translator.autoTranslation,
      this.core.record.langs[0] ?? DEFAULT_SPEECH_LANG,
      language,
      this.translator.pairs(),
    );
    if (!result.ok) throw new RoomError('translation-unavailable', result.message);
    this.translator.autoTranslation = result.value;
    this.core.broadcast('auto-translate-changed');
  }

  /** Auto-translate: the other person's turn to speak. */
  toggleAutoTranslate(): void {
    const result = toggleActive(this.translator.autoTranslation);
    if (!result.ok) throw new RoomError('invalid-message', result.message);
    this.translator.autoTranslation = result.value;
    this.core.broadcast('auto-translate-changed');
  }

  /** A partial as readers see it: with its latest translations. */
  partial(t: Transcript): Transcript {
    return this.translator.partial(t);
  }

  /** A line dropped before its final (noise): its translations are forgotten. */
  drop(lineId: string): void {
    this.translator.drop(lineId);
  }

  /** A member left: they read nothing any more. */
  forget(member: RoomMember): void {
    this.translator.forget(member);
  }

  /** What readers are shown of a final just stored: its translations still on their way kept. */
  withPendingTranslations(final: Transcript): Transcript {
    return this.translator.withPendingTranslations(final);
  }

  /** A final stored and shown: translated into every language being read. */
  translateFinal(final: Transcript): void {
    this.translator.final(final);
  }

  close(): void {
    this.translator.close();
  }
}
