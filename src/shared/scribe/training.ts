/**
 * Scribe training in several languages (issue 28): the languages a training item may be in, the
 * one a Scribe's list opens on, and the items of the language they picked. Pure: the dashboard
 * shows them, the server ships the items (resources/scribe-training).
 */
import type { ScribeTrainingItem } from './api';

/** The languages of training items, as their `language` says them. */
export const TRAINING_LANGUAGES = ['en-US', 'fr-FR'] as const;
export type TrainingLanguage = (typeof TRAINING_LANGUAGES)[number];

/** The language the list opens on: the interface's own when it has items in it, else English. */
export function defaultTrainingLanguage(uiLanguage: string): TrainingLanguage {
  const base = uiLanguage.toLowerCase().split(/[-_]/)[0];
  return TRAINING_LANGUAGES.find((l) => l.toLowerCase().startsWith(`${base}-`)) ?? 'en-US';
}

/** The items recorded in `language`, in the order the server lists them. */
export function trainingItemsIn(
  items: readonly ScribeTrainingItem[],
  language: TrainingLanguage,
): ScribeTrainingItem[] {
  return items.filter((item) => item.language === language);
}
