/**
 * The HTTP paths of the after-conversation reports (recap, caption quality) and of read-only
 * transcript links, and their bodies. Route patterns for the server, filled paths for the client.
 */
import { fillRoute } from '../api';
import { ROUTES } from '../routes';
import type { ConversationStatus, Transcript } from '../entities';
import type { CaptionQualityReport } from './caption-quality';
import type { SmartRecap } from './smart-recap';

export const RECAP_ROUTES = {
  /** POST: the spec's generateSmartRecap: makes the recap of an ended room once, then returns it. */
  generateSmartRecap: '/api/v1/rooms/:roomId/generateSmartRecap',
  /** GET: the caption quality report of an ended room (made once, then stored). */
  captionQuality: '/api/v1/rooms/:roomId/caption-quality',
  /** GET: whether the host shares a read-only link; POST: share it; DELETE: stop sharing it. */
  shareLink: '/api/v1/rooms/:roomId/share-link',
  /** GET: the transcript a shared read-only link opens (the link's token is the only proof). */
  sharedTranscript: '/api/v1/shared-transcripts/:token',
  /** GET ?format=…: that transcript as a file, as the member's export. */
  sharedTranscriptExport: '/api/v1/shared-transcripts/:token/export',
} as const;

export const RECAP_API = {
  generateSmartRecap: (roomId: string) => fillRoute(RECAP_ROUTES.generateSmartRecap, { roomId }),
  captionQuality: (roomId: string) => fillRoute(RECAP_ROUTES.captionQuality, { roomId }),
  shareLink: (roomId: string) => fillRoute(RECAP_ROUTES.shareLink, { roomId }),
  sharedTranscript: (token: string) => fillRoute(RECAP_ROUTES.sharedTranscript, { token }),
  sharedTranscriptExport: (token: string, query: Record<string, string>) =>
    `${fillRoute(RECAP_ROUTES.sharedTranscriptExport, { token })}?${new URLSearchParams(query).toString()}`,
};

export interface SmartRecapResponse {
  recap: SmartRecap;
}

export interface CaptionQualityResponse {
  report: CaptionQualityReport;
}

/** The web page a shared link opens, with its token. */
export function sharedTranscriptPath(token: string): string {
  return `${ROUTES.sharedTranscript}?${new URLSearchParams({ token }).toString()}`;
}

export interface ShareLinkResponse {
  /** The page path carrying the read-only token, when the host shares it; null when not. */
  path: string | null;
}

/** What a shared link's reader gets: the transcript and what the page shows of the room. */
export interface SharedTranscriptResponse {
  status: Pick<ConversationStatus, 'id' | 'title' | 'startTimestampMs' | 'host' | 'langs'>;
  transcripts: Transcript[];
}
