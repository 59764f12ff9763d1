/**
 * The map of the server (docs/server-map.md): for each feature, its folder, what it does, its
 * HTTP routes, its socket messages and its tests. Routes and messages are typed by the
 * authorisation table and the protocol, and a unit test (tests/unit/scripts/server-map.test.ts)
 * fails when a folder, a route or a message is missing here, or a test named here does not
 * exist, so the map cannot drift from the code. `npm run docs:map` writes the page.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { HttpRouteKey } from '../../src/server/auth/access';
import type { ClientMessageType } from '../../src/shared/protocol';

export interface FeatureEntry {
  /** The folder under src/server. */
  folder: string;
  what: string;
  routes: readonly HttpRouteKey[];
  messages: readonly ClientMessageType[];
  /** Names of tests/integration files beyond the unit tests mirroring the folder. */
  integration: readonly string[];
}

export const SERVER_MAP: readonly FeatureEntry[] = [
  {
    folder: 'rooms',
    what: 'Live rooms: members, sequencing, persistence and broadcast (room-core) and the parts that hook into it (streams, typing, speakers, editing limits, admission).',
    routes: [],
    messages: [
      'connection-params-update',
      'connection-request-answer',
      'force-mute',
      'prolong-restricted-session',
      'update-title',
      'set-curse-filter',
      'signal-i-am-typing',
      'typed-message',
      'assign-voicing-speaker-name',
      'assign-voicing-speaker-myself',
      'assign-bloc-different-speaker',
      'close',
      'audio',
      'webrtc',
      'webrtc-track-metadata',
      'webrtc-track-mute',
      'reset-recorder',
      'change-speaker-language',
      'update-transcript-owner',
      'mbackend',
    ],
    integration: [
      'captions',
      'admission',
      'speaker-language',
      'transcript-owners',
      'room-status-fields',
      'abandoned-rooms',
      'close-reasons',
      'session-limits',
      'speakers',
      'typed-replies',
    ],
  },
  {
    folder: 'socket',
    what: 'The realtime socket: transport, handshake, per-connection queue, flood control, authorisation and the handler table (docs/socket.md).',
    routes: [],
    messages: ['connection-params', 'ping'],
    integration: ['socket-fuzz', 'socket-robustness', 'attacks', 'upgrade-resets'],
  },
  {
    folder: 'transcripts',
    what: 'Stored transcripts: reading, exports, share links, paging (since/before) and edits.',
    routes: [
      'GET /api/v1/rooms/:roomId/transcripts',
      'GET /api/v1/rooms/:roomId/transcripts/export',
      'GET /api/v1/rooms/:roomId/share-link',
      'POST /api/v1/rooms/:roomId/share-link',
      'DELETE /api/v1/rooms/:roomId/share-link',
      'GET /api/v1/shared-transcripts/:token',
      'GET /api/v1/shared-transcripts/:token/export',
    ],
    messages: ['transcript-edit', 'transcripts-since', 'transcripts-before'],
    integration: [
      'transcript-export',
      'transcript-editing',
      'transcript-store',
      'transcript-resume',
      'attacks-paging',
    ],
  },
  {
    folder: 'history',
    what: "One's saved transcripts (history) and ratings of ended conversations.",
    routes: [
      'POST /api/v1/rooms/:roomId/saved-transcript',
      'POST /api/v1/rooms/:roomId/rating',
      'GET /api/v1/rooms/:roomId/rating',
      'GET /api/v1/saved-transcripts',
      'PATCH /api/v1/saved-transcripts/:roomId',
      'DELETE /api/v1/saved-transcripts/:roomId',
      'POST /api/v1/saved-transcripts/bulk-delete',
    ],
    messages: [],
    integration: ['saved-transcripts'],
  },
  {
    folder: 'recap',
    what: 'Smart recaps and caption quality reports of ended conversations.',
    routes: ['POST /api/v1/rooms/:roomId/generateSmartRecap', 'GET /api/v1/rooms/:roomId/caption-quality'],
    messages: [],
    integration: ['recap-share-links'],
  },
  {
    folder: 'accounts',
    what: 'Guests and accounts: profiles, settings, beta features, sign-in tokens, conversation metrics.',
    routes: [
      'POST /api/v1/guest-users/me',
      'GET /api/v1/guest-users/:avaId',
      'GET /api/v1/remote-config',
      'GET /api/v1/users/me',
      'PATCH /api/v1/users/me',
      'PATCH /api/v1.1/users/:avaId',
      'PATCH /enrollBetaFeature',
      'POST /updateSettings',
      'POST /api/v1/users/me/customToken',
    ],
    messages: [],
    integration: ['accounts', 'conversation-metrics'],
  },
  {
    folder: 'auth',
    what: 'Who may do what: the authorisation table (docs/security.md), principals, guest credentials, identity tokens.',
    routes: [],
    messages: [],
    integration: ['access-table'],
  },
  {
    folder: 'http',
    what: 'The HTTP plumbing: described routes (docs/http-routes.md), the access hook, errors, OpenAPI, limits per address, the web client, and the routes about no feature (tokens, room names, config, health).',
    routes: [
      'GET /api/v1/tokens/:token',
      'GET /api/v1/room-names/:name',
      'GET /api/v1/config',
      'GET /api/v1/health',
      'GET /api/v1/openapi.json',
      'GET /*',
    ],
    messages: [],
    integration: ['http-limits', 'web-client'],
  },
  {
    folder: 'boost',
    what: "Vocabulary boost: one's boost list and whether recognition uses it.",
    routes: ['GET /api/v1/users/me/boost-words', 'PATCH /api/v1/users/me/boost-words'],
    messages: ['access-boost-words', 'boost'],
    integration: ['boost-words', 'vocabulary-boost', 'boost-host'],
  },
  {
    folder: 'invitations',
    what: 'Invite by user query: finding findable accounts by name start or exact email, and inviting one into a conversation.',
    routes: [],
    messages: ['user-query', 'connection-request', 'connection-invitation-answer'],
    integration: ['invite-by-user-query'],
  },
  {
    folder: 'voiced-replies',
    what: 'Typed replies read aloud: voices, samples, gender preference, and speaking a reply.',
    routes: [
      'POST /api/v1/users/tts-voice',
      'GET /api/v1/users/tts-voices',
      'POST /api/v1/users/tts-voices-sample',
      'GET /api/v1/users/tts-gender-preference',
      'POST /api/v1/users/tts-gender-preference',
    ],
    messages: ['request-text-to-speech'],
    integration: ['voiced-replies'],
  },
  {
    folder: 'translation',
    what: 'Captions translated per reader (Apertium or a hosted engine).',
    routes: ['GET /api/v1/translation-languages'],
    messages: ['set-reading-language', 'auto-translate-toggle', 'auto-translate-set-guest-language'],
    integration: ['translation', 'translation-engines'],
  },
  {
    folder: 'scribes',
    what: 'Human Scribes: the request desk, the dashboard, chat, training rooms and their credit.',
    routes: [
      'GET /api/v1/scribe-eligibility',
      'GET /api/v1/scribe-requests',
      'POST /api/v1/scribe-requests/:requestId/accept',
      'POST /api/v1/scribe-requests/:requestId/end',
      'POST /api/v1.1/users/beginChat',
      'GET /api/v1/scribe-training',
      'GET /api/v1/scribe-training/:name/audio',
      'POST /api/v1/scribe-training/:name/start',
      'GET /api/v1/scribe-training/rooms/:roomId/score',
    ],
    messages: ['request-scribe', 'cancel-scribe', 'update-scribe-correction-mode', 'scribe-chat'],
    integration: ['scribes', 'scribe-flag-cli', 'attacks-scribe-roles', 'scribe-time'],
  },
  {
    folder: 'credits',
    what: 'Premium and Scribe credit: balances and the meters that count them down.',
    routes: ['GET /api/v1.1/user-credits/:avaId', 'POST /api/v1/scribe-time/checkout'],
    messages: [],
    integration: ['credits-tiers', 'scribe-time'],
  },
  {
    folder: 'organizations',
    what: 'Organisations: creating one, finding one by name, invitations accepted or declined, leaving.',
    routes: [
      'POST /api/v1/organization',
      'GET /api/v1/find-organizations',
      'GET /api/v1/organization/invitations',
      'POST /api/v1/organization/invitations/:organization',
      'DELETE /api/v1/organization/invitations/:organization',
      'POST /api/v1/organization/leave',
    ],
    messages: [],
    integration: ['organizations-licences', 'organization-membership'],
  },
  {
    folder: 'licences',
    what: 'Licences of an organisation: trial, buying, magic links, assignment, cancelling one (a seat of its subscription), and the claims made at sign-in.',
    routes: [
      'POST /api/v1/subscription/activate-organization-trial',
      'GET /api/v1/licences',
      'POST /api/v1/licences',
      'POST /api/v1/licences/magicLink',
      'PATCH /api/v1/licences/:id',
      'DELETE /api/v1/licences/:id',
      'POST /api/v1/billing-portal',
    ],
    messages: [],
    integration: ['organizations-licences', 'licence-cancellation'],
  },
  {
    folder: 'workspace',
    what: "The organisation admin's workspace: members, organisation details, billing, settings.",
    routes: [
      'GET /api/v1/workspace/members',
      'POST /api/v1/workspace/members',
      'PATCH /api/v1/workspace/members/:member',
      'DELETE /api/v1/workspace/members/:member',
      'GET /api/v1/workspace/organization',
      'PATCH /api/v1/workspace/organization',
      'GET /api/v1/workspace/billing',
      'GET /api/v1/workspace/settings',
      'PATCH /api/v1/workspace/settings',
      'POST /api/v1/workspace/joins-seen',
      'POST /api/v1/workspace/members/:member/scribe-time',
    ],
    messages: [],
    integration: ['workspace-admin', 'scribe-time'],
  },
  {
    folder: 'reporting',
    what: "Usage reports of an organisation's workspace.",
    routes: ['GET /api/v1/workspace/reporting'],
    messages: [],
    integration: ['workspace-reporting', 'usage-report'],
  },
  {
    folder: 'payments',
    what: 'Stripe, or its local stand-in at its HTTP boundary (its state kept in the data folder), and the webhook that records payments.',
    routes: ['POST /api/v1/payments/stripe-webhook'],
    messages: [],
    integration: ['organizations-licences', 'licence-cancellation'],
  },
  {
    folder: 'media-participants',
    what: 'The base shared by things that join a room as a media participant (meeting bots, phone calls).',
    routes: [],
    messages: [],
    integration: [],
  },
  {
    folder: 'meeting-bot',
    what: 'Meeting bots that caption a video meeting (Recall.ai, self-hosted, or a stand-in).',
    routes: ['POST /api/v1/meeting-bot/webhook'],
    messages: ['request-ava-bot', 'end-ava-bot', 'update-ava-bot-speech-lang', 'ava-bot-text-to-speech'],
    integration: ['meeting-bot'],
  },
  {
    folder: 'phone-calls',
    what: 'Phone calls into a room (Twilio, SIP, or a stand-in).',
    routes: ['POST /api/v1/calls', 'DELETE /api/v1/calls/:sid', 'POST /api/v1/calls/status-callback'],
    messages: [],
    integration: ['phone-calls', 'sip-calls', 'cluster-takeover-calls', 'attacks-toll-fraud'],
  },
  {
    folder: 'webrtc',
    what: 'WebRTC audio: TURN credentials (the peer itself is in rooms and native).',
    routes: ['GET /api/v1/turnCredentials'],
    messages: [],
    integration: ['webrtc-audio', 'turn-credentials'],
  },
  {
    folder: 'speech',
    what: 'Serving speech recognition: which tiers serve, and admission of a new speaker under load.',
    routes: [],
    messages: [],
    integration: ['speech-tiers', 'speech-load-limit', 'speech-pool'],
  },
  {
    folder: 'client-logs',
    what: "Clients' logs, from a guest or an account, kept for a retention period and optionally sent on to Elasticsearch.",
    routes: ['POST /pushClientLogsToElastic'],
    messages: [],
    integration: ['http-limits', 'attacks-names-logs'],
  },
  {
    folder: 'desktop-builds',
    what: 'The download page’s list of desktop builds, read from the update feed’s own metadata (HEARKEN_UPDATE_FEED).',
    routes: ['GET /api/v1/desktop-builds'],
    messages: [],
    integration: [],
  },
  {
    folder: 'mail',
    what: 'Mail over SMTP (nodemailer, HEARKEN_SMTP_URL): organisation invitations, licence links and conversation invitations; without a mail server the interface shows the link.',
    routes: [],
    messages: [],
    integration: ['mail-smtp'],
  },
  {
    folder: 'problem-reports',
    what: 'Report a problem: what guests and accounts report (stored, limited per caller, in the server log) and the organisation admin’s list of them.',
    routes: ['POST /api/v1/reports', 'GET /api/v1/workspace/reports'],
    messages: [],
    integration: ['problem-reports'],
  },
  {
    folder: 'metrics',
    what: 'Prometheus metrics for operators.',
    routes: ['GET /metrics'],
    messages: [],
    integration: ['upgrade-resets', 'readiness'],
  },
  {
    folder: 'health',
    what: 'Readiness for load balancers: the database, speech workers, NATS and Redis answer, and the server is not draining.',
    routes: ['GET /api/v1/ready'],
    messages: [],
    integration: ['readiness', 'shutdown-deadline'],
  },
  {
    folder: 'cluster',
    what: 'Cluster mode over PostgreSQL, NATS and Redis: leases, forwarding to a room’s owner, shared limits, takeover, speech decoded on the node with room (remote-speech/).',
    routes: [],
    messages: [],
    integration: [
      'cluster',
      'cluster-routing',
      'cluster-limits',
      'cluster-scribes',
      'cluster-takeover-calls',
      'cluster-speech',
    ],
  },
  {
    folder: 'db',
    what: 'The database: connection (PGlite or PostgreSQL), schema and migrations. Queries live with their feature.',
    routes: [],
    messages: [],
    integration: ['postgres', 'postgres-dropped-connection'],
  },
  {
    folder: 'logs',
    what: 'Server logs: redaction of secrets and names, the pretty format.',
    routes: [],
    messages: [],
    integration: [],
  },
  {
    folder: 'safety',
    what: 'Raw sockets guarded in one place, and the process safety net.',
    routes: [],
    messages: [],
    integration: ['upgrade-resets', 'launcher-death'],
  },
  {
    folder: 'places',
    what: 'Place search for organisation names (a hosted API, or none).',
    routes: [],
    messages: [],
    integration: [],
  },
];

/** The feature folders of src/server, as the file system has them. */
export function serverFolders(root: string): string[] {
  const server = join(root, 'src', 'server');
  return readdirSync(server, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const link = (path: string) => `[${path}](../${path})`;

/** The page, as Markdown. */
export function renderServerMap(root: string): string {
  const lines = [
    '# The server, feature by feature',
    '',
    'Written by `npm run docs:map` from scripts/lib/server-map.ts; a unit test fails when a folder, a',
    'route or a socket message is missing there. Each feature is a folder of `src/server`; other',
    'folders reach it only through its `index.ts` (eslint/feature-imports.js). Who may call each',
    'route or send each message: [security.md](security.md). How a route is written:',
    '[http-routes.md](http-routes.md); how a message is handled: [socket.md](socket.md).',
    '',
  ];
  for (const feature of SERVER_MAP) {
    const unit = `tests/unit/server/${feature.folder}`;
    const tests = [
      ...(existsSync(join(root, unit)) ? [link(`${unit}/`)] : []),
      ...feature.integration.map((name) => link(`tests/integration/${name}.test.ts`)),
    ];
    lines.push(`## ${feature.folder}`, '', feature.what, '');
    lines.push(`- Folder: ${link(`src/server/${feature.folder}/`)}`);
    lines.push(
      `- Routes: ${feature.routes.length ? feature.routes.map((r) => `\`${r}\``).join(', ') : 'none'}`,
    );
    lines.push(
      `- Messages: ${feature.messages.length ? feature.messages.map((m) => `\`${m}\``).join(', ') : 'none'}`,
    );
    lines.push(`- Tests: ${tests.length ? tests.join(', ') : 'none of its own'}`, '');
  }
  return lines.join('\n');
}
