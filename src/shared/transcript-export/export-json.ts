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

export function toExportJson(
  status: ConversationStatus,
  transcripts: readonly Transcript[],
  options: { endTimestampMs?: number; customTitle?: boolean },
): TranscriptExport {
  const blocs = transcripts
    .filter(
      (t) => t.isFinal && (t.gap !== undefined || Object.values(t.texts).some((text) => text.trim() !== '')),
    )
    .sort((a, b) => a.index - b.index);
  return {
    blocs,
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
