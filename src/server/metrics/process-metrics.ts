/**
 * The process's own Prometheus metrics (prom-client): what concerns the process as a whole
 * rather than one server instance (tests run several servers in one process), so they live in
 * one registry of the process. `GET /metrics` (metrics/routes.ts) answers them with Node's
 * default metrics: event-loop delay, memory, CPU, handles.
 */
import { Counter, Registry, collectDefaultMetrics } from 'prom-client';

export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

/**
 * Errors nobody handled that reached the process (safety/process-safety-net.ts): `origin` is
 * `uncaughtException` or `unhandledRejection`; `outcome` is `served-on` (a peer's connection
 * error) or `shut-down` (anything else: the process stops cleanly and is restarted).
 */
export const unexpectedErrors = new Counter({
  name: 'hearken_unexpected_errors_total',
  help: 'Errors no handler caught, by origin and by what the process did about them',
  labelNames: ['origin', 'outcome'] as const,
  registers: [processRegistry],
});

/** Errors on raw sockets (upgrades, NATS, Redis, SIP, RTP, child pipes), caught by their guard. */
export const rawSocketErrors = new Counter({
  name: 'hearken_raw_socket_errors_total',
  help: 'Errors on raw sockets, caught by the guard every raw socket has (safety/raw-sockets.ts)',
  labelNames: ['socket', 'code'] as const,
  registers: [processRegistry],
});

/** WebSocket upgrades refused before any WebSocket existed, by HTTP status. */
export const upgradesRefused = new Counter({
  name: 'hearken_upgrades_refused_total',
  help: 'WebSocket upgrades refused (401 bad provider proof, 404 unknown path, 429 too many sockets)',
  labelNames: ['status'] as const,
  registers: [processRegistry],
});

/** Requests refused by a per-identity or per-address limit, by limit. */
export const rateLimited = new Counter({
  name: 'hearken_rate_limited_total',
  help: 'Requests and socket messages refused by a rate limit, by limit',
  labelNames: ['limit'] as const,
  registers: [processRegistry],
});
