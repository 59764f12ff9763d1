/**
 * What a caption shows to someone reading in `readingLang`: pure, so the rule is tested apart
 * from React. The translation when there is one (`pending` while it is of an earlier partial or
 * still coming), else the original, saying when the translation failed.
 */
import type { Transcript } from '../../../shared/entities';
import { baseLanguage, sameLanguage } from '../../../shared/translation';
import { firmWordCount, splitFirm } from '../../../shared/firm-words';
import { captionText } from '../captions/model';

export interface CaptionReading {
  text: string;
  /** The language of `text` (for the element's lang attribute). */
  lang: string;
  /** The original, when `text` is a translation. */
  original?: string;
  /** A translation of the newest words is on its way. */
  pending: boolean;
  /** The translation failed: the original is shown. */
  failed: boolean;
  /**
   * When `text` is the original: how many of its characters are firm words (shared/firm-words.ts);
   * the rest is the recogniser's tentative tail, shown dimmed. All of a translation is shown as it is.
   */
  firmChars?: number;
}

export function captionReading(t: Transcript, readingLang: string | null): CaptionReading {
  const original = captionText(t);
  const spoken = {
    text: original,
    lang: t.speechLang,
    pending: false,
    failed: false,
    firmChars: splitFirm(original, firmWordCount(t)).firmChars,
  };
  if (!readingLang || t.gap || !original || sameLanguage(t.speechLang, readingLang)) return spoken;
  const lang = baseLanguage(readingLang);
  const translated = t.texts[lang];
  if (translated !== undefined) {
    const covered = t.indexes?.[lang] ?? original.length;
    return { text: translated, lang, original, pending: covered < original.length, failed: false };
  }
  if (t.translationErrors?.[lang] !== undefined) return { ...spoken, failed: true };
  return { ...spoken, pending: true };
}
