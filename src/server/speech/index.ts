/**
 * What the speech feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export { speechAdmission } from './admission';
export { startEngines } from './engines';
export { speechOffered } from './serving';
