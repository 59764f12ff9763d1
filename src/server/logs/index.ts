/**
 * What the logs feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { logFormatFrom, prettyLogStream } from './pretty';
export type { LogFormat } from './pretty';
export { serverLoggerOptions } from './redaction';
