/**
 * What the history feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { RatingRepository } from './ratings-repository';
export { SavedTranscriptRepository } from './repository';
export { registerHistoryRoutes } from './routes';
