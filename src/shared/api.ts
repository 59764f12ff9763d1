/**
 * The HTTP API between client and conversation server: paths (the spec's, where it names them)
 * and response bodies. Errors always have the shape of `ApiErrorBody`, whose message the client
 * reads with `httpErrorMessage` (nested error content message, then msg, then name).
 */
import type { ConversationStatus, GuestUser, Transcript } from './entities';

export const API = {
  /** Creates a guest user. Body: { roomId?, userName? }. */
  createGuest: '/api/v1/guest-users/me',
  /** Reads a guest user. */
  guest: (avaId: string) => `/api/v1/guest-users/${encodeURIComponent(avaId)}`,
  /** Resolves a link token (links.ro / links.rw) to its room. */
  token: (token: string) => `/api/v1/tokens/${encodeURIComponent(token)}`,
  /** Resolves a room's short public name (what people type to join) to its room. */
  roomName: (name: string) => `/api/v1/room-names/${encodeURIComponent(name)}`,
  /** A room's status and final transcripts, for the transcript view; `?avaId=` of a participant. */
  roomTranscripts: (roomId: string, avaId: string) =>
    `/api/v1/rooms/${encodeURIComponent(roomId)}/transcripts?avaId=${encodeURIComponent(avaId)}`,
  /** What this server can do: speech engines per tier, version. */
  config: '/api/v1/config',
  health: '/api/v1/health',
} as const;

export interface CreateGuestBody {
  roomId?: string;
  userName?: string;
}

export type GuestUserResponse = GuestUser;

export interface TokenResponse {
  roomId: string;
  /** True for a read-only link (links.ro). */
  readonly: boolean;
}

export interface RoomNameResponse {
  roomId: string;
  name: string;
}

export interface RoomTranscriptsResponse {
  status: ConversationStatus;
  transcripts: Transcript[];
}

export interface ServerConfigResponse {
  version: string;
  speech: {
    tiers: Record<'basic' | 'premium', { engine: string; available: boolean; problem?: string }>;
    langs: string[];
  };
}

export interface ApiErrorBody {
  error: { code: string; content: { message: string } };
}

export function apiError(code: string, message: string): ApiErrorBody {
  return { error: { code, content: { message } } };
}
