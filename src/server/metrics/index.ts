/**
 * What the metrics feature offers the rest of the server: other folders import from here,
 * never from its files (eslint/feature-imports.js). Its other files are its own to change.
 */
export {
  processRegistry,
  rateLimited,
  rawSocketErrors,
  unexpectedErrors,
  upgradesRefused,
} from './process-metrics';
export { registerMetricsRoute } from './routes';
export { ServerMetrics, type ServerMetricsSources } from './server-metrics';
