/**
 * What the health feature offers the rest of the server: other folders import from here, never
 * from its files (eslint/feature-imports.js).
 */
export { Readiness, type ReadinessCheck } from './readiness';
export { registerReadyRoute } from './routes';
export { serverReadinessChecks } from './checks';
