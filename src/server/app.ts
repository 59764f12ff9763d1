/**
 * Builds the conversation server: database, speech pool, rooms, HTTP API, realtime socket and
 * the web client's files. `startServer` is what `npm start`, the tests and the benchmarks run.
 *
 * This file only puts the parts together, in the order they need each other: the stores, the
 * hooks every request goes through, the engines, the rooms, the routes, the socket, then
 * listening. What each part decides is in its own folder.
 */
import Fastify from 'fastify';
import { startClientLogSweep } from './client-logs';
import { packageVersion, type ServerConfig } from './config';
import { closeInOrder, type RunningServer, type ServerOverrides } from './running-server';
import {
  serverOptions,
  registerSecurityHeaders,
  registerErrorHandler,
  registerOpenApi,
  registerAccessControl,
  registerCors,
  serveWebClientIfBuilt,
  accessLookups,
  listen,
} from './http';
import { registerApi } from './api-routes';
import { openDatabase, repositories, writeServerLock } from './db';
import { IdentityVerifier, GuestCredentials, PrincipalResolver, logIdentityProvider } from './auth';
import {
  ClusterNode,
  registerForwarding,
  type LateServices,
  ownerWorkOf,
  registryInCluster,
  roomLookupsOf,
} from './cluster';
import { PremiumMeter, realMeterClock } from './credits';
import { startEngines, speechAdmission, speechOffered } from './speech';
import { countEndedConversation } from './accounts';
import { roomServices, RoomRegistry, type RoomServices, endAbandonedRooms, startAbandonSweep } from './rooms';
import { inviteOrigin } from './config-safety';
import { startMediaServices } from './media-services';
import { openScribeDesk, openScribeTraining } from './scribes';
import { openInvitations } from './invitations';
import { describeSmtpUrl, openMailer } from './mail';
import { Payments } from './payments';
import { openPlaces } from './places';
import { attachSocketServer } from './socket-server';
import { LoopStalls } from './loop-stalls';
import { Readiness, registerReadyRoute, serverReadinessChecks } from './health';
import { ServerMetrics } from './metrics';
import { BUSINESS_ROUTES } from '../shared/business-api';

export type { RunningServer, ServerOverrides } from './running-server';

export async function startServer(
  config: ServerConfig,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const app = Fastify(serverOptions(config));
  registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  // Before any route: the document collects every described route as it is registered.
  await registerOpenApi(app, packageVersion());
  const log: RoomServices['log'] = (level, message, extra) => app.log[level](extra ?? {}, message);
  const now = () => Date.now();

  // The stores.
  const database = await openDatabase({
    dataDir: config.dataDir,
    onIdleConnectionError: (error) =>
      log('warn', 'the database closed an idle connection; the pool opens another', { error: error.message }),
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  });
  // Cluster mode: this node's leases fence every transcript write (cluster/lease-store.ts).
  const cluster =
    config.cluster && config.databaseUrl
      ? await ClusterNode.start(config.cluster, config.databaseUrl, log)
      : undefined;
  const stores = repositories(database.db, { fence: cluster?.fence, scribeEmails: config.scribeEmails });
  const { rooms, organizations, licences, credits } = stores;
  const verifier = config.auth ? IdentityVerifier.create(config.auth) : undefined;
  const credentials = await GuestCredentials.load(database.db, now());
  const principals = new PrincipalResolver(credentials, verifier, stores.users);
  const creditClock = overrides.creditClock ?? realMeterClock;
  // Premium credit counted down while Premium serves someone on it (docs/credits.md).
  const premiumMeter = new PremiumMeter({ credits, clock: creditClock, log });

  // Phone calls, bots and the Scribe desk start once the rooms exist (below); the hooks ask them.
  const late: LateServices = {};
  // Before any route: every route registered from here on must have a row in the access table.
  registerAccessControl(app, {
    resolver: principals,
    rooms,
    ...accessLookups({ organizations, licences, late, cluster, webDir: config.webDir }),
  });
  // Cluster mode: what acts on a live room reaches its owner (cluster/forwarding.ts).
  if (cluster) registerForwarding(app, cluster, ownerWorkOf(late), roomLookupsOf(late));
  logIdentityProvider(config.auth, app.log);
  // Web clients on the product's own domain may call this server from another origin.
  registerCors(app);

  // The engines: each says at start-up what serves, or why it is off.
  const { pool, tts, speakerId, translation } = await startEngines(config, app.log, log);

  // This server's metrics for operators (GET /metrics): read from the parts when scraped.
  const parts: { registry?: RoomRegistry; sockets?: () => number } = {};
  const metrics = new ServerMetrics({
    rooms: () => parts.registry?.rooms() ?? [],
    sockets: () => parts.sockets?.() ?? 0,
    speechWorkers: () => pool.liveWorkers,
    decoderLoad: () => pool.decoderLoad,
    ...(cluster ? { nats: () => cluster.natsCounts() } : {}),
  });
  // Cluster mode: speakers this node has no decoder for are decoded on a node that has one.
  const acrossNodes = cluster?.decodeSpeechAcrossNodes({
    pool,
    limits: config.limits,
    registry: metrics.registry,
  });
  const admit = speechAdmission(
    pool,
    config.limits,
    undefined,
    acrossNodes ? (engine, lang, handlers) => acrossNodes.openElsewhere(engine, lang, handlers) : undefined,
  );

  // The rooms. Every conversation that ends is counted in its accounts' metrics, once.
  const countEnded = countEndedConversation({ metrics: stores.metrics, now, log });
  const services = roomServices({
    rooms,
    countEnded,
    // The decoder cap and load limit refuse one more speaker; Premium falls back to Basic.
    openSpeech: (...args) => {
      const admitted = admit(...args);
      if (!admitted.ok) metrics.speakerRefused(admitted.reason ?? admitted.code);
      return admitted;
    },
    captionLag: (kind, ms) => metrics.captionLag(kind, ms),
    persistRetrying: () => metrics.persistRetrying(),
    premiumFor: config.limits.premiumFor,
    premiumMeter,
    lineCap: { chars: config.limits.maxLineChars, words: config.limits.maxLineWords },
    autoStopAfterMs: config.limits.autoStopMs,
    speakerId,
    translation,
    now,
    log,
  });
  let boundOrigin = '';
  // The server's own stalls, given back to its clients' limits (loop-stalls.ts).
  const loopStalls = new LoopStalls();
  const registry = new RoomRegistry({
    rooms,
    transcripts: stores.transcripts,
    services,
    // Invite links are never taken from a request's Origin beyond loopback (config-safety.ts).
    publicUrl: (hint) => inviteOrigin(config, hint, boundOrigin),
    ...(cluster ? registryInCluster(cluster, late) : {}),
  });
  parts.registry = registry;
  const { meetingBots, phone } = await startMediaServices(app, config, {
    registry,
    stores,
    cluster,
    late,
    origin: () => config.publicUrl ?? boundOrigin,
    now,
    log,
  });

  // The services behind the routes, then the routes.
  const payments = await Payments.open(config.payments, log);
  if (payments.configured) app.log.info(`payments: ${payments.provider}`);
  else app.log.warn(`payments: ${payments.provider}`);
  const places = openPlaces(config.placesApiKey, (message) => log('warn', message));
  app.log.info(`organisation search places: ${places.id}`);
  const scribes = openScribeDesk({
    stores,
    registry,
    scribesFor: config.limits.scribesFor,
    clock: creditClock,
    now,
    log,
    ...(cluster ? { leaseOf: (roomId: string) => cluster.leases.tokenOf(roomId) } : {}),
  });
  late.scribes = scribes;
  await scribes.start();
  const training = openScribeTraining(registry, log);
  const mailer = openMailer(config.mail, log);
  app.log.info(
    config.mail
      ? `mail: ${describeSmtpUrl(config.mail.smtpUrl)}, from ${config.mail.from}`
      : 'mail: no mail server (HEARKEN_SMTP_URL): invitations and licence links are shown to copy',
  );
  registerApi(app, {
    mailer,
    config,
    stores,
    cluster,
    registry,
    credentials,
    verifier,
    speech: () => speechOffered((name) => pool.status(name), speakerId.available, config.tierChoices),
    translation,
    tts,
    payments,
    places,
    scribes,
    training,
    boundOrigin: () => boundOrigin,
    metricsRegistry: metrics.registry,
    log,
  });
  // Readiness for load balancers: not ready while draining or while a part it needs is down.
  const readiness = new Readiness(serverReadinessChecks({ db: database.db, pool, cluster }));
  registerReadyRoute(app, { readiness, log });
  await serveWebClientIfBuilt(app, config.webDir);

  // Invite by user query: waiting invitations live on this server (docs/socket.md).
  const invitations = openInvitations(database.db, config.limits, { mail: mailer });
  // The realtime socket: served here, or (cluster mode) relayed to the room's owner.
  const upgrades = attachSocketServer(app.server, {
    connection: {
      registry,
      principals,
      rooms,
      limits: config.limits,
      now,
      stalledMs: () => loopStalls.stalledMs(),
      log,
      tts,
      speechLangs: () => speechOffered((name) => pool.status(name), speakerId.available).langs,
      webrtc: config.webrtc,
      ...(meetingBots.kind === 'off' ? {} : { meetingBots: meetingBots.bots }),
      scribes,
      credits,
      boostWords: stores.boostWords,
      invitations,
    },
    cluster,
    db: database.db,
    providerPaths: [meetingBots.upgrade, phone.upgrade],
    trustProxy: config.trustProxy,
  });
  parts.sockets = () => upgrades.clients.size;

  const { url, port } = await listen(app, config.host, config.port);
  boundOrigin = url;
  payments.standIn?.setWebhookUrl(`${url}${BUSINESS_ROUTES.stripeWebhook}`);
  // The embedded database is this process's: tools that would open it see it is in use.
  const releaseLock =
    database.kind === 'pglite' && config.dataDir !== 'memory://'
      ? writeServerLock(config.dataDir, url)
      : undefined;
  const stopSweeps = [
    startAbandonSweep({
      rooms: endAbandonedRooms({ rooms, cluster, countEnded }),
      registry,
      abandonMs: config.limits.roomAbandonMs,
      now,
      log,
    }),
    startClientLogSweep({ logs: stores.clientLogs, retentionDays: config.clientLogRetentionDays, now, log }),
  ];

  return {
    url,
    port,
    app,
    registry,
    pool,
    database,
    tts,
    translation,
    verifier,
    payments,
    meetingBots,
    phoneCalls: phone,
    cluster,
    close: closeInOrder([
      // First: load balancers stop sending people here while the rooms' last words are stored.
      () => readiness.drain(),
      () => cluster?.beginClose(),
      ...stopSweeps,
      () => loopStalls.stop(),
      () => training.close(),
      () => scribes.stop(),
      () => upgrades.clients.forEach((client) => client.close(1001, 'server shutting down')),
      () => phone.close(),
      () => invitations.desk.clear(),
      () => registry.shutdown(),
      // The rooms' last finals are stored: their leases go, for other nodes to take at once.
      () => cluster?.close(),
      // After the rooms: their streams stopped, what was counted is stored.
      () => premiumMeter.close(),
      () => meetingBots.close(),
      () => upgrades.close(),
      () => app.close(),
      () => pool.close(),
      () => translation.close(),
      () => verifier?.close(),
      () => payments.close(),
      () => places.close?.(),
      () => mailer.close(),
      () => database.close(),
      () => releaseLock?.(),
    ]),
  };
}
