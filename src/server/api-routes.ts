/**
 * Every route of the HTTP API, each feature's registered with what it is given. The access
 * control hook (access-hook.ts) is registered before this: every route here must have its row.
 */
import { integrationsOffered } from './media-services';
import type { FastifyInstance } from 'fastify';
import type { ServerConfigResponse } from '../shared/api';
import type { TtsStatus } from '../native/tts/types';
import { registerUserRoutes } from './accounts';
import { firebaseClientConfig, type GuestCredentials, type IdentityVerifier } from './auth';
import { registerBoostWordRoutes } from './boost';
import { registerClientLogRoutes } from './client-logs';
import { type ClusterNode, limiterFor } from './cluster';
import { packageVersion, type ServerConfig } from './config';
import { requestWebOrigin } from './config-safety';
import { registerCreditRoutes } from './credits';
import { desktopBuildsSource, registerDesktopBuildRoutes } from './desktop-builds';
import type { Repositories } from './db';
import { registerHistoryRoutes } from './history';
import { signInClaims, registerLicenceRoutes } from './licences';
import type { Registry } from 'prom-client';
import { registerMetricsRoute, processRegistry } from './metrics';
import { registerOrganizationRoutes } from './organizations';
import type { Payments } from './payments';
import type { PlacesSource } from './places';
import {
  PROBLEM_REPORT_ADDRESS_LIMIT,
  PROBLEM_REPORT_LIMIT,
  registerProblemReportRoutes,
} from './problem-reports';
import { recapStartupLine, registerRecapRoutes } from './recap';
import { registerReportingRoutes } from './reporting';
import type { RoomRegistry, RoomServices } from './rooms';
import { type ScribeDesk, registerScribeRoutes, type ScribeTraining } from './scribes';
import { ExportGate, registerTranscriptExportRoute, registerShareLinkRoutes } from './transcripts';
import { registerTranslationRoutes, type TranslationService } from './translation';
import { registerTtsRoutes } from './voiced-replies';
import { registerTurnRoutes } from './webrtc';
import { registerWorkspaceRoutes } from './workspace';
import type { Mailer } from './mail';
import { CLIENT_LOG_ENTRY_LIMIT, GUEST_CREATION_LIMIT, registerRoutes } from './http';
import { perAddressOf } from './limits';

export interface ApiDeps {
  config: ServerConfig;
  stores: Repositories;
  /** Cluster mode: limits are counted across the nodes (cluster/shared-limits.ts). */
  cluster: Pick<ClusterNode, 'limiter'> | undefined;
  registry: RoomRegistry;
  credentials: GuestCredentials;
  verifier: IdentityVerifier | undefined;
  /** What GET /api/v1/config says about speech (speech/serving.ts speechOffered). */
  speech(): ServerConfigResponse['speech'];
  translation: TranslationService;
  tts: TtsStatus;
  payments: Payments;
  places: PlacesSource;
  scribes: ScribeDesk;
  training: ScribeTraining;
  /** This server's own origin once it listens; empty before. */
  boundOrigin(): string;
  /** Invitations and licence links by email, or none (mail/). */
  mailer: Mailer;
  /** This server's metrics (metrics/server-metrics.ts), answered with the process's. */
  metricsRegistry: Registry;
  log: RoomServices['log'];
}

export function registerApi(app: FastifyInstance, deps: ApiDeps): void {
  const { config, stores, cluster, registry, verifier, payments, log } = deps;
  const { rooms, users, organizations, licences, workspace } = stores;
  registerRoutes(app, {
    guests: stores.guests,
    credentials: deps.credentials,
    nameLookups: limiterFor(cluster, 'name-lookups', config.limits.nameLookups),
    guestLimiter: limiterFor(cluster, 'guests', GUEST_CREATION_LIMIT),
    rooms,
    version: packageVersion(),
    firebase: (hostname) => firebaseClientConfig(config.auth, hostname),
    now: () => Date.now(),
    speech: deps.speech,
    integrations: integrationsOffered(config),
  });

  // One gate for every export of this server: members' and shared links' (issue 29 F-13).
  const exports = new ExportGate();
  registerTranscriptExportRoute(app, { registry, exports });
  app.log.info(recapStartupLine(config.recap));
  registerRecapRoutes(app, {
    registry,
    reports: stores.reports,
    recap: {
      ...(config.recap ? { hosted: config.recap } : {}),
      now: () => Date.now(),
      warn: (message) => log('warn', message),
    },
    now: () => Date.now(),
  });
  registerShareLinkRoutes(app, { rooms, registry, reports: stores.reports, now: () => Date.now(), exports });
  registerTranslationRoutes(app, deps.translation);
  registerHistoryRoutes(app, {
    saved: stores.saved,
    ratings: stores.ratings,
    metrics: stores.metrics,
    forgetRoom: (roomId) => registry.forget(roomId),
    now: () => Date.now(),
    log,
  });
  registerUserRoutes(app, {
    users,
    verifier,
    remoteConfig: config.remoteConfig,
    now: () => Date.now(),
    // Licences sent to their verified email attach at sign-in; invitations wait to be accepted.
    onSignedIn: signInClaims({ users, workspace, licences, now: () => Date.now() }),
  });
  registerOrganizationRoutes(app, {
    organizations,
    membership: stores.membership,
    licences,
    places: deps.places,
    now: () => Date.now(),
    log,
  });
  registerCreditRoutes(app, {
    credits: stores.credits,
    payments,
    webOrigin: (request) => requestWebOrigin(config, request, deps.boundOrigin()),
    log,
  });
  registerReportingRoutes(app, { reports: stores.usageReports });
  registerWorkspaceRoutes(app, {
    workspace,
    organizations,
    membership: stores.membership,
    licences,
    credits: stores.credits,
    payments,
    mail: deps.mailer,
    webOrigin: (request) => requestWebOrigin(config, request, deps.boundOrigin()),
    now: () => Date.now(),
    log,
  });
  registerLicenceRoutes(app, {
    licences,
    organizations,
    workspace,
    payments,
    credits: stores.credits,
    accountExists: async (avaId) => (await users.find(avaId)) !== undefined,
    mail: deps.mailer,
    // Invite links' rule: a request's Host is never where people are sent (config-safety.ts).
    webOrigin: (request) => requestWebOrigin(config, request, deps.boundOrigin()),
    now: () => Date.now(),
    log,
  });
  registerTtsRoutes(app, { users, tts: deps.tts, now: () => Date.now() });
  registerTurnRoutes(app, { webrtc: config.webrtc, now: () => Date.now() });
  registerMetricsRoute(app, {
    token: config.metricsToken,
    registries: [processRegistry, deps.metricsRegistry],
  });
  registerScribeRoutes(app, { desk: deps.scribes, training: deps.training });
  registerBoostWordRoutes(app, {
    boostWords: stores.boostWords,
    now: () => Date.now(),
    boostFor: config.limits.boostFor,
  });
  registerDesktopBuildRoutes(
    app,
    desktopBuildsSource({
      feedBase: config.updateFeed,
      fetch: (url, init) => fetch(url, init),
      now: () => Date.now(),
    }),
  );
  registerProblemReportRoutes(app, {
    reports: stores.problemReports,
    limiters: {
      caller: limiterFor(cluster, 'problem-reports', PROBLEM_REPORT_LIMIT),
      address: limiterFor(cluster, 'problem-report-addresses', PROBLEM_REPORT_ADDRESS_LIMIT),
    },
    now: () => Date.now(),
    log,
  });
  registerClientLogRoutes(app, {
    logs: stores.clientLogs,
    limiters: {
      addressEntries: limiterFor(cluster, 'client-logs', CLIENT_LOG_ENTRY_LIMIT),
      addressBytes: limiterFor(cluster, 'client-log-bytes', perAddressOf(config.limits.clientLogBytes)),
      identityEntries: limiterFor(cluster, 'client-log-identity-entries', config.limits.clientLogEntries),
      identityBytes: limiterFor(cluster, 'client-log-identity-bytes', config.limits.clientLogBytes),
    },
    users,
    verifier,
    ...(config.elastic ? { elastic: config.elastic } : {}),
    now: () => Date.now(),
    log,
  });
}
