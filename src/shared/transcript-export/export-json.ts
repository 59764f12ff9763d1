/**
 * The spec's transcript export (conversation.md section 3, "Transcript export"): the room's
 * details and its finals as `blocs`, for other tools to read back.
 */
import type { ConversationMode, ConversationStatus, RoomLinks, Speaker, Transcript } from '../entities';

export interface TranscriptExport {
  blocs: Transcript[];
  conversationMode: ConversationMode;
  endTimestampMs: number | null;
  hasTranscripts: boolean;
  isAllowedAccess: boolean;
  langs: string[];
  links: RoomLinks;
  roomId: string;
  speakers: Speaker[];
  startTimestampMs: number;
  title: string;
  /** The title people gave it, when they gave one (null for the default). */
  custom_title: string | null;
}

export interface ExportJsonOptions {
  endTimestampMs?: number;
  customTitle?: boolean;
}

/** The finals the export holds, in index order: gaps, and lines with some text. */
export function exportJsonBlocs(transcripts: readonly Transcript[]): Transcript[] {
  return transcripts
    .filter(
      (t) => t.isFinal && (t.gap !== undefined || Object.values(t.texts).some((text) => text.trim() !== '')),
    )
    .sort((a, b) => a.index - b.index);
}

export function toExportJson(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  options: ExportJsonOptions,
): TranscriptExport {
  const blocs = exportJsonBlocs(transcripts);
  return { blocs, ...exportJsonDetails(status, blocs, options) };
}

/** Everything of the export but its blocs, in the spec's order (after `blocs`). */
export function exportJsonDetails(
  status: ConversationStatus,
  blocs: readonly Transcript[],
  options: ExportJsonOptions,
): Omit<TranscriptExport, 'blocs'> {
  return {
    conversationMode: status.conversationMode,
    endTimestampMs: options.endTimestampMs ?? null,
    hasTranscripts: blocs.some((b) => b.gap === undefined),
    isAllowedAccess: true,
    langs: status.langs,
    links: status.links,
    roomId: status.id,
    speakers: status.speakers,
    startTimestampMs: status.startTimestampMs,
    title: status.title,
    custom_title: options.customTitle ? status.title : null,
  };
}
