/**
 * What the db feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { openDatabase } from './connect';
export type { OpenDatabase } from './connect';
export { readServerLock, writeServerLock } from './data-folder-lock';
export { repositories } from './repositories';
export type { Repositories } from './repositories';
export type { Database, LicencesTable, OrganizationsTable, TranscriptsTable, UsersTable } from './schema';
