/**
 * What the transcripts feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { ExportGate } from './export-gate';
export { registerTranscriptExportRoute } from './export-route';
export { transcriptReadable } from './readable';
export { TranscriptRepository } from './repository';
export type { RoomTranscripts, StoredFinal, WriteGuard } from './repository';
export { registerShareLinkRoutes } from './share-link-routes';
export { TRANSCRIPT_SOCKET_HANDLERS } from './socket-handlers';
