/**
 * The few words an exported file says itself (a heading, "typed", a gap), in the interface's
 * languages. Exports are made on the server, which has no i18next; this is their translation
 * table, kept beside the formats that use it.
 */
import { clockOffset } from './lines';

export interface ExportLabels {
  locale: string;
  untitled: string;
  started: (date: string) => string;
  duration: (clock: string) => string;
  typed: string;
  /** The mark of a line captioned late, as readers saw it (captions.late in the interface). */
  late: string;
  speaker: string;
  time: string;
  text: string;
  gap: (from: string, to: string, speaker: string) => string;
}

export const EXPORT_LABELS: Record<'en' | 'fr', ExportLabels> = {
  en: {
    locale: 'en',
    untitled: 'Conversation',
    started: (date) => `Started ${date}`,
    duration: (clock) => `Length ${clock}`,
    typed: 'typed',
    late: 'captioned late',
    speaker: 'Speaker',
    time: 'Time',
    text: 'Text',
    gap: (from, to, speaker) => `[No captions from ${from} to ${to}: the connection of ${speaker} was lost]`,
  },
  fr: {
    locale: 'fr',
    untitled: 'Conversation',
    started: (date) => `Commencée le ${date}`,
    duration: (clock) => `Durée ${clock}`,
    typed: 'écrit',
    late: 'sous-titré en différé',
    speaker: 'Personne',
    time: 'Heure',
    text: 'Texte',
    gap: (from, to, speaker) =>
      `[Pas de sous-titres de ${from} à ${to} : la connexion de ${speaker} a été perdue]`,
  },
};

export function exportLabels(lang: string | undefined): ExportLabels {
  return lang?.toLowerCase().startsWith('fr') ? EXPORT_LABELS.fr : EXPORT_LABELS.en;
}

/** A gap's sentence with times from the conversation's start (as every line of an export is timed). */
export function gapSentence(
  labels: ExportLabels,
  line: { startMs: number; endMs: number; speaker: string },
): string {
  return labels.gap(clockOffset(line.startMs), clockOffset(line.endMs), line.speaker);
}

/** The conversation's start as a reader of `labels` in `timeZone` writes it. */
export function startedAt(labels: ExportLabels, startMs: number, timeZone = 'UTC'): string {
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat(labels.locale, { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const date = new Intl.DateTimeFormat(labels.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: zone,
    timeZoneName: undefined,
  }).format(startMs);
  return `${date} (${zone})`;
}
