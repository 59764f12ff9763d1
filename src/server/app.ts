/**
 * Builds the conversation server: database, speech pool, rooms, HTTP API, realtime socket and
 * the web client's files. `startServer` is what `npm start`, the tests and the benchmarks run.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { MAX_TEXT_MESSAGE_BYTES } from '../shared/constants';
import type { SpeechPool } from '../native/speech/pool';
import { speechOffered } from './speech/serving';
import { startSpeakerIdentification, startSpeechPool } from './speech/engines';
import { startTts } from './voiced-replies/engine';
import { speechAdmission } from './speech/admission';
import type { TtsStatus } from '../native/tts/types';
import type { ServerConfig } from './config';
import { packageRoot, packageVersion } from './config';
import { firebaseClientConfig, logIdentityProvider } from './auth/firebase-client-config';
import { openDatabase, type OpenDatabase } from './db/connect';
import { registerCors } from './http/cors';
import { IdentityVerifier } from './auth/verifier';
import { ClientLogRepository } from './client-logs/repository';
import { GuestRepository } from './accounts/guests-repository';
import { UserRepository } from './accounts/users-repository';
import { RoomRepository } from './rooms/repository';
import { TranscriptRepository } from './transcripts/repository';
import { registerClientLogRoutes } from './client-logs/routes';
import { registerRoutes } from './http/routes';
import { registerTranscriptExportRoute } from './transcripts/export-route';
import { registerHistoryRoutes } from './history/routes';
import { registerRecapRoutes } from './recap/routes';
import { registerShareLinkRoutes } from './transcripts/share-link-routes';
import { ConversationReportRepository } from './recap/repository';
import { SavedTranscriptRepository } from './history/repository';
import { RatingRepository } from './history/ratings-repository';
import { ConversationMetricsRepository, countEndedConversation } from './accounts/conversation-metrics';
import { AddressLimiter, CLIENT_LOG_ENTRY_LIMIT, GUEST_CREATION_LIMIT } from './http/address-limits';
import { perAddressOf } from './limits';
import { registerUserRoutes } from './accounts/routes';
import { registerTtsRoutes } from './voiced-replies/routes';
import { registerTurnRoutes } from './webrtc/turn-routes';
import { RoomRegistry } from './rooms/registry';
import type { LiveRoom } from './rooms/room';
import { PhoneCallRepository } from './phone-calls/repository';
import { MeetingBotRepository } from './meeting-bot/repository';
import { startAbandonSweep } from './rooms/abandoned';
import type { RoomServices } from './rooms/room';
import { roomServices } from './rooms/services';
import { handleConnection } from './socket/connection';
import type { ConnectionSocket } from './socket/transport';
import { ClusterNode } from './cluster/node';
import { liveRoomsHostedBy as liveRoomsHostedByInCluster } from './cluster/lease-store';
import { liveRoomsAcrossCluster } from './cluster/live-rooms';
import { LocalSocketGauge, type SocketGauge } from './cluster/address-sockets';
import { registerForwarding } from './cluster/http-forward';
import { inviteOrigin } from './config-safety';
import { GuestCredentials } from './auth/guest-credentials';
import { PrincipalResolver } from './auth/principal';
import { registerAccessControl } from './http/access-hook';
import { clientAddressOf } from './http/client-address';
import { attachUpgradeRouter } from './socket/upgrade-router';
import { registerMetricsRoute } from './metrics/routes';
import { processRegistry } from './metrics/process-metrics';
import { serverLoggerOptions } from './logs/redaction';
import { prettyLogStream } from './logs/pretty';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebClient } from './http/web-client';
import { registerErrorHandler } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { registerTranslationRoutes } from './translation/routes';
import { startTranslation, type TranslationService } from './translation/service';
import { OrganizationRepository } from './organizations/repository';
import { LicenceRepository } from './licences/repository';
import { registerOrganizationRoutes } from './organizations/routes';
import { registerLicenceRoutes } from './licences/routes';
import { signInClaims } from './licences/sign-in-claims';
import { registerReportingRoutes } from './reporting/routes';
import { registerWorkspaceRoutes } from './workspace/routes';
import { WorkspaceRepository } from './workspace/repository';
import { UsageReportRepository } from './reporting/usage-report';
import { registerCreditRoutes } from './credits/routes';
import { CreditRepository } from './credits/repository';
import { Payments } from './payments/payments';
import { openPlaces } from './places/open';
import { BUSINESS_ROUTES } from '../shared/business-api';
import { type MeetingBotService, startMeetingBotService } from './meeting-bot/service';
import { type PhoneCallService, startPhoneCallService } from './phone-calls/service';
import { grantScribesByEmail } from './auth/scribe-grants';
import { ScribeRequestRepository } from './scribes/repository';
import { BoostWordsRepository } from './boost/repository';
import type { ScribeDesk } from './scribes/desk';
import { openScribeDesk } from './scribes/open-desk';
import { type MeterClock, PremiumMeter, realMeterClock } from './credits/premium-meter';
import { ScribeTraining, loadTrainingItems } from './scribes/training';
import { registerScribeRoutes } from './scribes/routes';
import { registerBoostWordRoutes } from './boost/routes';

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  registry: RoomRegistry;
  pool: SpeechPool;
  database: OpenDatabase;
  /** The text-to-speech engine, or why voiced replies are off. */
  tts: TtsStatus;
  /** The translation engine, or none with the reason (translation/service.ts). */
  translation: TranslationService;
  /** Verifies identity tokens; undefined when no identity provider is configured. */
  verifier: IdentityVerifier | undefined;
  /** Stripe, or the local checkout stand-in (payments.standIn) without keys. */
  payments: Payments;
  /** The rooms' meeting bots and their provider (or its local stand-in). */
  meetingBots: MeetingBotService;
  /** The rooms' phone calls and their provider (Twilio, or its local stand-in). */
  phoneCalls: PhoneCallService;
  /** Cluster mode's node (cluster/node.ts); undefined in one-process mode. */
  cluster: ClusterNode | undefined;
  /** Stops taking connections, turns the last words into finals, stores them, and closes. */
  close(): Promise<void>;
}

/** What tests replace: the clock credits are counted down by (Premium and Scribe time). */
export interface ServerOverrides {
  creditClock?: MeterClock;
}

export async function startServer(
  config: ServerConfig,
  overrides: ServerOverrides = {},
): Promise<RunningServer> {
  const options: FastifyHttpOptions<HttpServer> = {
    logger:
      config.logLevel === 'silent'
        ? false
        : serverLoggerOptions(
            config.logLevel,
            config.logFormat === 'pretty'
              ? prettyLogStream(process.stdout, {
                  showRoutine: config.logLevel === 'debug' || config.logLevel === 'trace',
                  colour: Boolean(process.stdout.isTTY),
                })
              : undefined,
          ),
    bodyLimit: MAX_TEXT_MESSAGE_BYTES,
    trustProxy: config.trustProxy,
  };
  const app = Fastify(options);
  registerSecurityHeaders(app, config);
  registerErrorHandler(app);
  // Before any route: the document collects every described route as it is registered.
  await registerOpenApi(app, packageVersion());
  const log: RoomServices['log'] = (level, message, extra) => app.log[level](extra ?? {}, message);

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
  const guests = new GuestRepository(database.db);
  const rooms = new RoomRepository(database.db);
  const transcripts = new TranscriptRepository(database.db, cluster?.fence);
  // Accounts listed in HEARKEN_SCRIBE_EMAILS read as Scribes everywhere (auth/scribe-grants.ts).
  const users = grantScribesByEmail(new UserRepository(database.db), config.scribeEmails ?? []);
  const clientLogs = new ClientLogRepository(database.db);
  const boostWords = new BoostWordsRepository(database.db);
  const verifier = config.auth ? IdentityVerifier.create(config.auth) : undefined;
  const credentials = await GuestCredentials.load(database.db, Date.now());
  const principals = new PrincipalResolver(credentials, verifier, users);
  const organizations = new OrganizationRepository(database.db);
  const licences = new LicenceRepository(database.db);
  const credits = new CreditRepository(database.db);
  const creditClock = overrides.creditClock ?? realMeterClock;
  // Premium credit counted down while Premium serves someone on it (docs/credits.md).
  const premiumMeter = new PremiumMeter({ credits, clock: creditClock, log });
  const workspace = new WorkspaceRepository(database.db);
  // Phone calls start once the rooms exist (below); the access table asks them which room a call is in.
  const late: { phoneCalls?: PhoneCallService; meetingBots?: MeetingBotService; scribes?: ScribeDesk } = {};
  // Before any route: every route registered from here on must have a row in the access table.
  registerAccessControl(app, {
    resolver: principals,
    rooms,
    // In a cluster, a call another node placed is found there (its room's owner).
    phoneCallRoom: async (sid) => late.phoneCalls?.calls?.roomOf(sid) ?? (await cluster?.callRoom(sid)),
    organizations: {
      find: (id) => organizations.find(id),
      organizationOfLicence: async (id) => (await licences.find(id))?.organizationId,
    },
    // Not /api: the static plugin's routes are the files (and folder indexes) of the web folder.
    isWebClientFile: (url) =>
      !url.startsWith('/api/') &&
      (existsSync(join(config.webDir, url, 'index.html')) ||
        (url.includes('.') && existsSync(join(config.webDir, url)))),
  });
  // Cluster mode: what acts on a live room reaches its owner (cluster/forwarding.ts).
  if (cluster)
    registerForwarding(
      app,
      cluster,
      {
        providerSocket: (kind, socket, handshake) =>
          (kind === 'phone-media'
            ? late.phoneCalls?.relayedMedia(socket, handshake)
            : late.meetingBots?.relayedAudio(socket, handshake)) ?? false,
        callRoom: (sid) => late.phoneCalls?.calls?.roomOf(sid),
      },
      {
        // A Scribe request's room is stored (scribes/desk.ts): its owner runs the change.
        scribeRequestRoom: async (requestId) => late.scribes?.roomOfRequest(requestId),
        scribeChatRoom: async (scribe, requester) => late.scribes?.roomOfChat(scribe, requester),
      },
    );
  logIdentityProvider(config.auth, app.log);

  // Web clients on the product's own domain may call this server from another origin.
  registerCors(app);

  // Each engine says at start-up what serves, or why it is off.
  const pool = await startSpeechPool(config, app.log);
  const tts = await startTts(config.tts, app.log);
  const speakerId = startSpeakerIdentification(config.modelsDir, app.log);
  // Never throws: without an engine, captions work and the language list says why.
  const translation = await startTranslation(config.translation, log);

  const metrics = new ConversationMetricsRepository(database.db);
  // Every conversation that ends is counted in its accounts' metrics, once.
  const countEnded = countEndedConversation({ metrics, now: () => Date.now(), log });
  const services = roomServices({
    rooms,
    countEnded,
    // The decoder cap and load limit refuse one more speaker; Premium falls back to Basic.
    openSpeech: speechAdmission(pool, config.limits),
    premiumFor: config.limits.premiumFor,
    premiumMeter,
    ...(speakerId.available ? { speakerEmbedder: speakerId.embedder } : {}),
    ...(translation.engine ? { translationEngine: translation.engine } : {}),
    now: () => Date.now(),
    log,
  });

  let boundOrigin = '';
  const registry = new RoomRegistry({
    rooms,
    transcripts,
    services,
    // Invite links are never taken from a request's Origin beyond loopback (config-safety.ts).
    publicUrl: (hint) => inviteOrigin(config, hint, boundOrigin),
    // Cluster mode: a read of a room this node does not own is never answered from a kept copy.
    ...(cluster
      ? {
          owns: (roomId: string) => cluster.leases.tokenOf(roomId) !== undefined,
          // Its phone call and meeting bot come with a room this node takes (their `adopt`).
          taken: (room: LiveRoom) => {
            void late.phoneCalls?.calls?.adopt(room);
            void late.meetingBots?.bots.adopt(room);
          },
        }
      : {}),
  });

  const meetingBots = await startMeetingBotService(app, config.meetingBot, {
    ...(cluster ? { takeover: new MeetingBotRepository(database.db) } : {}),
    origin: () => config.publicUrl ?? boundOrigin,
    log,
  });
  late.meetingBots = meetingBots;

  const phone = await startPhoneCallService(app, config.phoneCalls, {
    registry,
    ...(cluster ? { takeover: new PhoneCallRepository(database.db) } : {}),
    origin: () => config.publicUrl ?? boundOrigin,
    now: () => Date.now(),
    log,
  });
  late.phoneCalls = phone;

  registerRoutes(app, {
    guests,
    credentials,
    // Cluster mode counts these across the nodes (cluster/shared-limits.ts).
    nameLookups:
      cluster?.limiter('name-lookups', config.limits.nameLookups) ??
      new AddressLimiter(config.limits.nameLookups),
    guestLimiter:
      cluster?.limiter('guests', GUEST_CREATION_LIMIT) ?? new AddressLimiter(GUEST_CREATION_LIMIT),
    rooms,
    registry,
    version: packageVersion(),
    firebase: (hostname) => firebaseClientConfig(config.auth, hostname),
    now: () => Date.now(),
    speech: () => speechOffered((name) => pool.status(name), speakerId.available),
  });

  registerTranscriptExportRoute(app, { registry });
  const reports = new ConversationReportRepository(database.db);
  app.log.info(
    config.recap
      ? `smart recaps: hosted model ${config.recap.model} at ${config.recap.url}, made on this server when it fails`
      : 'smart recaps: made on this server (extractive); no hosted model configured',
  );
  registerRecapRoutes(app, {
    registry,
    reports,
    recap: {
      ...(config.recap ? { hosted: config.recap } : {}),
      now: () => Date.now(),
      warn: (message) => log('warn', message),
    },
    now: () => Date.now(),
  });
  registerShareLinkRoutes(app, { rooms, registry, reports, now: () => Date.now() });
  registerTranslationRoutes(app, translation);
  registerHistoryRoutes(app, {
    saved: new SavedTranscriptRepository(database.db),
    ratings: new RatingRepository(database.db),
    metrics,
    forgetRoom: (roomId) => registry.forget(roomId),
    now: () => Date.now(),
    log,
  });
  registerUserRoutes(app, {
    users,
    verifier,
    remoteConfig: config.remoteConfig,
    now: () => Date.now(),
    // Invitations and licences sent to their verified email attach at sign-in (licences/sign-in-claims.ts).
    onSignedIn: signInClaims({ users, workspace, licences, organizations, now: () => Date.now() }),
  });
  const payments = await Payments.open(config.payments);
  app.log.info(`payments: ${payments.provider}`);
  const places = openPlaces(config.placesApiKey, (message) => log('warn', message));
  app.log.info(`organisation search places: ${places.id}`);
  registerOrganizationRoutes(app, { organizations, places, now: () => Date.now(), log });
  registerCreditRoutes(app, { credits });
  registerReportingRoutes(app, { reports: new UsageReportRepository(database.db) });
  registerWorkspaceRoutes(app, { workspace, organizations, licences, payments, now: () => Date.now(), log });
  registerLicenceRoutes(app, {
    licences,
    organizations,
    payments,
    webOrigin: (request) =>
      config.publicUrl ?? `${request.protocol}://${request.headers.host ?? boundOrigin}`,
    now: () => Date.now(),
    log,
  });
  registerTtsRoutes(app, { users, tts, now: () => Date.now() });
  registerTurnRoutes(app, { webrtc: config.webrtc, now: () => Date.now() });
  registerMetricsRoute(app, { token: config.metricsToken, registries: [processRegistry] });
  // Who pays a Scribe's seconds, and the organisation's monthly limit (scribes/open-desk.ts).
  const scribes = openScribeDesk({
    requests: new ScribeRequestRepository(database.db),
    rooms,
    registry,
    scribesFor: config.limits.scribesFor,
    credits,
    licences,
    users,
    workspace,
    clock: creditClock,
    now: () => Date.now(),
    log,
    ...(cluster ? { leaseOf: (roomId: string) => cluster.leases.tokenOf(roomId) } : {}),
  });
  late.scribes = scribes;
  await scribes.start();
  const training = new ScribeTraining(
    loadTrainingItems(join(packageRoot(), 'resources', 'scribe-training')),
    registry,
    log,
  );
  registerScribeRoutes(app, { desk: scribes, training });
  registerBoostWordRoutes(app, { boostWords, now: () => Date.now(), boostFor: config.limits.boostFor });
  registerClientLogRoutes(app, {
    logs: clientLogs,
    limiter:
      cluster?.limiter('client-logs', CLIENT_LOG_ENTRY_LIMIT) ?? new AddressLimiter(CLIENT_LOG_ENTRY_LIMIT),
    users,
    verifier,
    ...(config.elastic ? { elastic: config.elastic } : {}),
    now: () => Date.now(),
    log,
  });

  if (existsSync(join(config.webDir, 'index.html'))) {
    await registerWebClient(app, config.webDir);
  } else {
    app.log.warn(`web client not built (${config.webDir}); run "npm run build:web"`);
  }

  const roomCreations =
    cluster?.limiter('room-creations', config.limits.roomCreations) ??
    new AddressLimiter(config.limits.roomCreations);
  // Cluster mode: a host's live rooms on every node, from the leases (cluster/live-rooms.ts).
  const liveRoomsHostedBy = cluster
    ? liveRoomsAcrossCluster({
        countInCluster: (avaId) => liveRoomsHostedByInCluster(database.db, avaId),
        countHere: (avaId) => registry.liveRoomsHostedBy(avaId),
        log,
      })
    : undefined;
  // A room's pages are served by its owner, so these are counted where the room is.
  const transcriptPages = {
    identity: new AddressLimiter(config.limits.transcriptPages),
    address: new AddressLimiter(perAddressOf(config.limits.transcriptPages)),
  };
  /** The connection code, on a client's socket or (cluster mode) one relayed from another node. */
  const serve = (socket: ConnectionSocket, address: string, origin?: string) =>
    handleConnection(
      socket,
      {
        registry,
        principals,
        rooms,
        limits: config.limits,
        roomCreations,
        transcriptPages,
        address,
        now: () => Date.now(),
        log,
        tts,
        webrtc: config.webrtc,
        ...(meetingBots.kind === 'off' ? {} : { meetingBots: meetingBots.bots }),
        scribes,
        credits,
        boostWords,
        ...(liveRoomsHostedBy ? { liveRoomsHostedBy } : {}),
      },
      origin,
    );
  cluster?.attach(registry, serve);
  // A room whose owner died with a call or a bot on and nobody to come back to it: one node
  // takes it (its call and bot move with it); if they had ended meanwhile, it leaves memory as
  // any empty room does.
  cluster?.takeUnownedMedia(async (roomId) => {
    const room = await registry.open(roomId, { avaId: '', userName: '' });
    registry.released(room);
  });

  // Cluster mode: counted across the nodes, here where the client's TCP connection is.
  const sockets: SocketGauge =
    cluster?.socketGauge(config.limits.socketsPerAddress) ??
    new LocalSocketGauge(config.limits.socketsPerAddress);
  const upgrades = attachUpgradeRouter(app.server, {
    providerPaths: [meetingBots.upgrade, phone.upgrade],
    ...(cluster ? { routeProviderSocket: cluster.routeProviderSocket.bind(cluster) } : {}),
    sockets,
    clientAddress: clientAddressOf(config.trustProxy),
    accept: (ws, address, origin) =>
      cluster ? cluster.accept(ws, address, origin) : serve(ws, address, origin),
    maxPayload: 1024 * 1024,
    log,
  });

  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const displayHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${displayHost}:${port}`;
  boundOrigin = url;
  payments.standIn?.setWebhookUrl(`${url}${BUSINESS_ROUTES.stripeWebhook}`);

  const stopAbandonSweep = startAbandonSweep({
    rooms: {
      endAbandoned: async (beforeMs, nowMs, live) => {
        // In a cluster, rooms live on any node are spared, not only this one's.
        const leased = cluster ? await cluster.leasedRooms() : [];
        const ended = await rooms.endAbandoned(beforeMs, nowMs, [...live, ...leased]);
        for (const id of ended) countEnded(id);
        return ended;
      },
    },
    registry,
    abandonMs: config.limits.roomAbandonMs,
    now: () => Date.now(),
    log,
  });

  let closing: Promise<void> | undefined;
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
    close() {
      closing ??= (async () => {
        cluster?.beginClose();
        stopAbandonSweep();
        training.close();
        await scribes.stop();
        for (const client of upgrades.clients) client.close(1001, 'server shutting down');
        await phone.close();
        await registry.shutdown();
        // The rooms' last finals are stored: their leases go, for other nodes to take at once.
        await cluster?.close();
        // After the rooms: their streams stopped, what was counted is stored.
        await premiumMeter.close();
        await meetingBots.close();
        upgrades.close();
        await app.close();
        await pool.close();
        await translation.close();
        await verifier?.close();
        await payments.close();
        await places.close?.();
        await database.close();
      })();
      return closing;
    },
  };
}
