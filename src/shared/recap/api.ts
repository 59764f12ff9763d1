/**
 * The HTTP paths of the after-conversation reports (recap, caption quality) and of read-only
 * transcript links, and their bodies. Route patterns for the server, filled paths for the client.
 */
import { fillRoute } from '../api';
import { ROUTES } from '../routes';
import { sharedConversationStatusSchema, transcriptsSchema } from '../entity-schemas';
import { type Infer, nullable, object, string } from '../schema';
import { captionQualityReportSchema } from './caption-quality';
import { smartRecapSchema } from './smart-recap';

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

export const smartRecapResponseSchema = object({ recap: smartRecapSchema });
export type SmartRecapResponse = Infer<typeof smartRecapResponseSchema>;

export const captionQualityResponseSchema = object({ report: captionQualityReportSchema });
export type CaptionQualityResponse = Infer<typeof captionQualityResponseSchema>;

/** The web page a shared link opens, with its token. */
export function sharedTranscriptPath(token: string): string {
  return `${ROUTES.sharedTranscript}?${new URLSearchParams({ token }).toString()}`;
}

/**
 * The share link: `path`, the page path carrying the read-only token when the host shares it;
 * null when not.
 */
export const shareLinkResponseSchema = object({ path: nullable(string()) });
export type ShareLinkResponse = Infer<typeof shareLinkResponseSchema>;

/** What a shared link's reader gets: the transcript and what the page shows of the room. */
export const sharedTranscriptResponseSchema = object({
  status: sharedConversationStatusSchema,
  transcripts: transcriptsSchema,
});
export type SharedTranscriptResponse = Infer<typeof sharedTranscriptResponseSchema>;

/** The `:token` of a shared link's routes: the room's read-only token, the link's only proof. */
export const sharedLinkParamsSchema = object({ token: string({ min: 1, max: 128 }) });
