/**
 * Who may do what: the one authorisation table of the server. Every HTTP route and every socket
 * action has a row; the HTTP hook (http/access-hook.ts) and the socket (socket/connection.ts)
 * ask `allows` before any handler runs, and no handler decides who may call it. A route or
 * message without a row is refused at start-up (routes) or does not compile (messages), and
 * docs/security.md is this table rendered (a test keeps them equal).
 *
 * Actors:
 * - outsider: proves nothing (no credential, or one that does not verify);
 * - guest: a valid guest credential; account: a valid Firebase identity token. On a room's
 *   routes and messages these two columns mean "not a member of this ongoing room";
 * - host, rw-member, ro-member, scribe: members of an ongoing room (the host always is one;
 *   read-only or read-write by the link they came through; scribe by role);
 * - ended-member: any member, host included, of a room that has ended.
 * Someone who is not a member of an ended room is refused everything about it, as if it did
 * not exist: ended rooms cannot be joined.
 * - org-admin, org-member: on an organisation's routes, its admin (the one the organisation's
 *   row names, never a role a profile claims) and its other members; `account` there means an
 *   account outside that organisation.
 * On a row about no room, the scribe column is an account with the scribe flag (accounts.md:
 * user flags): the Scribe dashboard's routes are theirs alone (`scribesOnly`).
 */

export const ACTORS = [
  'outsider',
  'guest',
  'account',
  'host',
  'rw-member',
  'ro-member',
  'scribe',
  'ended-member',
  'org-admin',
  'org-member',
] as const;
export type Actor = (typeof ACTORS)[number];

/** The actors that are a principal alone, before any room is involved. */
export const PRINCIPAL_ACTORS = ['outsider', 'guest', 'account'] as const satisfies readonly Actor[];
export type PrincipalActor = (typeof PRINCIPAL_ACTORS)[number];

/** yes; no; own: only on the caller's own record; n/a: this actor cannot arise for this row. */
export type Cell = 'yes' | 'no' | 'own' | 'n/a';

export interface AccessRow {
  /** 'room': the row concerns one room, and the member actors apply; 'organization': one organisation. */
  scope: 'none' | 'room' | 'organization';
  cells: Readonly<Record<Actor, Cell>>;
  /** What the reader of docs/security.md should know beyond the cells. */
  note: string;
}

import type { ClientMessage, ClientMessageOf, ClientMessageType } from '../../shared/protocol';
import { closeEndsRoom } from '../../shared/end-sequence';

const MEMBER_ACTORS = ['host', 'rw-member', 'ro-member', 'scribe', 'ended-member'] as const;
const ORGANIZATION_ACTORS = ['org-admin', 'org-member'] as const satisfies readonly Actor[];

/** A row about no room: who of outsider, guest and account may call it. */
function principals(cells: Partial<Record<PrincipalActor, Cell>>, note: string): AccessRow {
  const all = Object.fromEntries(ACTORS.map((a) => [a, 'n/a'])) as Record<Actor, Cell>;
  for (const a of PRINCIPAL_ACTORS) all[a] = cells[a] ?? 'no';
  return { scope: 'none', cells: all, note };
}

/**
 * A row about no room that only Scribes may call: accounts with the scribe flag (the scribe
 * column); other accounts, guests and outsiders may not.
 */
function scribesOnly(note: string): AccessRow {
  const row = principals({}, note);
  return { ...row, cells: { ...row.cells, scribe: 'yes' } };
}

/** A row about one room: the actors listed may, everyone else may not. */
function room(allowed: readonly Actor[], note: string): AccessRow {
  const cells = Object.fromEntries(ACTORS.map((a) => [a, allowed.includes(a) ? 'yes' : 'no'])) as Record<
    Actor,
    Cell
  >;
  for (const a of ORGANIZATION_ACTORS) cells[a] = 'n/a';
  return { scope: 'room', cells, note };
}

/** A row about one organisation: outsider, guest, account (not in it), its members and its admin. */
function organization(allowed: readonly Actor[], note: string): AccessRow {
  const cells = Object.fromEntries(
    ACTORS.map((a) => [
      a,
      (MEMBER_ACTORS as readonly Actor[]).includes(a) ? 'n/a' : allowed.includes(a) ? 'yes' : 'no',
    ]),
  ) as Record<Actor, Cell>;
  return { scope: 'organization', cells, note };
}

/** A room row where some actors may act only on their own record (`own`). */
function roomOwn(allowed: readonly Actor[], own: readonly Actor[], note: string): AccessRow {
  const row = room(allowed, note);
  const cells = { ...row.cells };
  for (const a of own) cells[a] = 'own';
  return { ...row, cells };
}

const EVERYONE_IN_ROOM = [...MEMBER_ACTORS] as const;
const SPEAKERS = ['host', 'rw-member'] as const;

/**
 * HTTP routes, keyed `METHOD path` exactly as registered with Fastify (HEAD follows GET).
 */
export const HTTP_ACCESS = {
  'POST /api/v1/guest-users/me': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'Anyone may become a guest; limited per client address. Returns the credential, once, to its owner.',
  ),
  'GET /api/v1/guest-users/:avaId': principals(
    { guest: 'own' },
    'A guest reads only its own record (checking its credential still works).',
  ),
  'GET /api/v1/tokens/:token': room(
    ['guest', 'account', ...EVERYONE_IN_ROOM],
    'The link token is the invitation. Ended rooms: members only. A read-only member is never told a read-write token.',
  ),
  'GET /api/v1/room-names/:name': principals(
    { guest: 'yes', account: 'yes' },
    'Resolves names of ongoing rooms only (ended rooms release theirs); limited per address and per identity. Answers a join token: read-only for a read-only member.',
  ),
  'GET /api/v1/rooms/:roomId/transcripts': room(
    EVERYONE_IN_ROOM,
    "Members only, and only while the host's sharing settings allow it; a read-only member never sees the read-write link.",
  ),
  'GET /api/v1/rooms/:roomId/transcripts/export': room(
    EVERYONE_IN_ROOM,
    'The transcript as a file (txt, md, srt, vtt, docx, json): the transcript’s row and rule, one function for both.',
  ),
  'POST /api/v1/rooms/:roomId/generateSmartRecap': room(
    EVERYONE_IN_ROOM,
    'The smart recap of an ended conversation (made once, then kept): the transcript’s readers and rule; a live room is refused.',
  ),
  'GET /api/v1/rooms/:roomId/caption-quality': room(
    EVERYONE_IN_ROOM,
    'The caption quality report of an ended conversation (made once, then kept): the transcript’s readers and rule.',
  ),
  'GET /api/v1/rooms/:roomId/share-link': room(
    ['ended-member'],
    'Whether the read-only link to an ended conversation’s transcript is shared: its host only (other members are refused).',
  ),
  'POST /api/v1/rooms/:roomId/share-link': room(
    ['ended-member'],
    'The host shares a read-only link (the room’s read-only token) to the ended transcript; refused to others, and when sharing is forbidden or the transcript is not kept for others.',
  ),
  'DELETE /api/v1/rooms/:roomId/share-link': room(
    ['ended-member'],
    'The host stops sharing the read-only link: it opens nothing from then on. Other members are refused.',
  ),
  'GET /api/v1/shared-transcripts/:token': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'The read-only token is the proof: it opens an ended transcript its host shares and lets others read (transcripts/shared-link.ts); else the same 404. Never a membership or the rw token.',
  ),
  'GET /api/v1/shared-transcripts/:token/export': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'That transcript as a file, under the same rule as the shared link.',
  ),
  'POST /api/v1/rooms/:roomId/saved-transcript': room(
    ['host', 'rw-member', 'ro-member', 'ended-member'],
    'Adds the conversation to the caller’s own saved transcripts (the end sequence’s SAVE stage; Scribes skip it): refused when their account forbids saving, or when they may not read the transcript back.',
  ),
  'POST /api/v1/rooms/:roomId/rating': room(
    ['ended-member'],
    'The caller’s own rating of a conversation that ended: 1 to 5 stars, optional comment, once per person (a second is refused).',
  ),
  'GET /api/v1/rooms/:roomId/rating': room(
    ['ended-member'],
    'Reads back the caller’s own rating of that conversation (null when none), so the rating step is not offered again after a reload.',
  ),
  'GET /api/v1/saved-transcripts': principals(
    { guest: 'own', account: 'own' },
    'One’s own history (query avaId): newest first, 10 a page, searchable; entries without transcripts or that the host no longer shares are left out.',
  ),
  'PATCH /api/v1/saved-transcripts/:roomId': principals(
    { guest: 'yes', account: 'yes' },
    'Renames the caller’s own entry (found by their avaId and the room; anyone else’s cannot be named).',
  ),
  'DELETE /api/v1/saved-transcripts/:roomId': principals(
    { guest: 'yes', account: 'yes' },
    'Deletes the caller’s own entry; the host’s delete removes the ended conversation from the database (its transcripts and everyone’s entries).',
  ),
  'GET /api/v1/config': principals({ outsider: 'yes', guest: 'yes', account: 'yes' }, 'Public settings.'),
  'GET /api/v1/health': principals({ outsider: 'yes', guest: 'yes', account: 'yes' }, 'Liveness.'),
  'GET /api/v1/openapi.json': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'The HTTP API described (OpenAPI 3: every route, its schemas): it describes, it grants nothing.',
  ),
  'GET /metrics': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'Prometheus metrics for operators: no person’s credential is involved; answered to loopback without X-Forwarded-For (a proxy’s), or to Authorization: Bearer HEARKEN_METRICS_TOKEN; 401 otherwise (metrics/routes.ts). Counts only, no names or ids.',
  ),
  'GET /api/v1/remote-config': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'Public feature flags.',
  ),
  'POST /pushClientLogsToElastic': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'Client logs; limited per client address; an account is recorded as the author.',
  ),
  'GET /api/v1/users/me': principals({ account: 'yes' }, 'The signed-in account’s own profile.'),
  'PATCH /api/v1/users/me': principals({ account: 'yes' }, 'Get-or-create and update one’s own profile.'),
  'PATCH /api/v1.1/users/:avaId': principals({ account: 'own' }, 'Only one’s own profile.'),
  'PATCH /enrollBetaFeature': principals({ account: 'yes' }, 'One’s own beta features.'),
  'GET /api/v1/users/me/boost-words': principals(
    { account: 'yes' },
    'One’s own boost list (the account settings’ Boost tab): the caller’s avaId’s, never one named in the request.',
  ),
  'PATCH /api/v1/users/me/boost-words': principals(
    { account: 'yes' },
    'Adds to or removes from one’s own boost list, under the rules of shared/boost-words.ts (400 ‘Too many characters.’).',
  ),
  'POST /updateSettings': principals({ account: 'own' }, 'Only one’s own settings (body data.avaId).'),
  'POST /api/v1/users/tts-voice': principals({ account: 'yes' }, 'One’s own voice.'),
  'GET /api/v1/users/tts-voices': principals(
    { account: 'yes' },
    'The six voices for a language, one’s own marked; guests use the built-in set.',
  ),
  'POST /api/v1/users/tts-voices-sample': principals(
    { account: 'yes' },
    'A short sample of a voice; made once per voice and language, then kept.',
  ),
  'GET /api/v1/users/tts-gender-preference': principals({ account: 'yes' }, 'One’s own voice gender.'),
  'POST /api/v1/users/tts-gender-preference': principals(
    { account: 'yes' },
    'One’s own voice gender; guests keep theirs on the device.',
  ),
  'GET /api/v1/turnCredentials': principals(
    { guest: 'yes', account: 'yes' },
    'Short-lived TURN credentials (coturn REST scheme, 1 hour by default) for WebRTC audio; anyone who may speak in a room, named in the username.',
  ),
  'POST /api/v1/users/me/customToken': principals(
    { account: 'yes' },
    'Desktop sign-in: a custom token for the account whose ID token is presented.',
  ),
  'GET /api/v1/translation-languages': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'Public: whether translation is on, its engine, and the reading languages the installed pairs offer from a speech language.',
  ),
  'POST /api/v1/organization': principals(
    { account: 'yes' },
    'Creates an organisation (its creator its admin or member), or joins one of that name: one admin per organisation (adminAlreadyExists), a name of another organisation refused (nameAlreadyUse), one organisation per account.',
  ),
  'GET /api/v1/find-organizations': principals(
    { account: 'yes' },
    'Searches organisations by name (3 characters or more) for the creation screen: Hearken’s own first, then places; names and places only.',
  ),
  'POST /api/v1/subscription/activate-organization-trial': organization(
    ['org-admin'],
    'The caller’s organisation’s 15-day free trial, once per organisation: its admin only.',
  ),
  'GET /api/v1/licences': organization(
    ['org-admin'],
    'The caller’s organisation’s licences: its admin only.',
  ),
  'POST /api/v1/licences': organization(
    ['org-admin'],
    'Buys licences for the caller’s organisation: answers the checkout page; licences exist only once the payment provider’s signed webhook says it was paid. Its admin only.',
  ),
  'POST /api/v1/licences/magicLink': organization(
    ['org-admin'],
    'Sends one of the organisation’s free licences to an email as a link; it attaches at that person’s sign-in with that verified email. Its admin only.',
  ),
  'PATCH /api/v1/licences/:id': organization(
    ['org-admin'],
    'Assigns (by email; empty unassigns) or changes renewal of a licence of the admin’s own organisation; others are refused, whoever they are.',
  ),
  'DELETE /api/v1/licences/:id': organization(
    ['org-admin'],
    'Cancels a licence of the admin’s own organisation (a paid one stops renewing through the payment provider; a trial ends now).',
  ),
  'GET /api/v1/workspace/reporting': organization(
    ['org-admin'],
    'The caller’s organisation’s caption time per member and per week (or as CSV): its admin only; members see no one’s usage.',
  ),
  'GET /api/v1/workspace/members': organization(
    ['org-admin'],
    'The caller’s organisation’s members and the invitations waiting (email, role, licence held): its admin only.',
  ),
  'POST /api/v1/workspace/members': organization(
    ['org-admin'],
    'Invites by email: an account in no organisation joins at once, else the invitation attaches when that email signs in verified. Its admin only.',
  ),
  'PATCH /api/v1/workspace/members/:member': organization(
    ['org-admin'],
    'Hands the admin role to a member of the same organisation (one admin per organisation): its admin only.',
  ),
  'DELETE /api/v1/workspace/members/:member': organization(
    ['org-admin'],
    'Removes a member (their licences of it are unassigned) or withdraws an invitation; never the admin themself. Its admin only.',
  ),
  'GET /api/v1/workspace/organization': organization(
    ['org-admin'],
    'The caller’s organisation’s details: its admin only.',
  ),
  'PATCH /api/v1/workspace/organization': organization(
    ['org-admin'],
    'Changes the organisation’s name (the spec’s name rule, nameAlreadyUse), size, address, services: its admin only.',
  ),
  'GET /api/v1/workspace/billing': organization(
    ['org-admin'],
    'The organisation’s invoices and subscriptions as the payment provider holds them: its admin only.',
  ),
  'GET /api/v1/workspace/settings': organization(
    ['org-admin'],
    'The organisation vocabulary and the Scribe limit: its admin only.',
  ),
  'PATCH /api/v1/workspace/settings': organization(
    ['org-admin'],
    'Sets the organisation vocabulary (boost words’ rule) and the Scribe limit per member per month: its admin only.',
  ),
  'POST /api/v1/billing-portal': organization(
    ['org-admin'],
    'Opens the payment provider’s customer portal for the caller’s organisation: its admin only.',
  ),
  'GET /api/v1.1/user-credits/:avaId': principals(
    { account: 'own' },
    'One’s own credits (Scribe, extra and recurring Premium), negative or missing as 0.',
  ),
  'POST /api/v1/payments/stripe-webhook': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'Payment provider events: the only proof is Stripe’s signature of the raw body with the webhook secret (verified before anything is read); an event is applied once.',
  ),
  'POST /api/v1/meeting-bot/webhook': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'The meeting bot provider’s status webhooks: the Svix signature under the configured secret is the proof (refused 401 without it, or older than 5 minutes); no person’s credential is involved. In a cluster it is forwarded to the owner of the room its metadata names, and verified there.',
  ),
  'POST /api/v1/calls': room(
    ['host'],
    'Only the host dials the conference into the room (roomId in the body): its number with one of the spec’s international codes, its access codes as DTMF; one call at a time. In a cluster it runs on the room’s owner (forwarded there and checked again).',
  ),
  'DELETE /api/v1/calls/:sid': room(
    ['host'],
    'Only the host hangs up a call of their room (the call names the room, found on whichever node has it); the room’s end hangs up its calls too.',
  ),
  'POST /api/v1/calls/status-callback': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'The phone provider’s status callbacks: X-Twilio-Signature (HMAC-SHA1 of the URL and the form under the auth token) is the proof, and the call’s token in the URL names the call; refused 403 without it. The media stream’s websocket (its URL names the call’s room) is checked the same way. In a cluster both are forwarded to the room’s owner and checked there.',
  ),
  'GET /api/v1/scribe-requests': scribesOnly(
    'The Scribe dashboard: requests waiting for a Scribe (not one’s own rooms’) and the rooms one serves, with when each caption last changed; in a cluster, every node’s requests (read from the database).',
  ),
  'POST /api/v1/scribe-requests/:requestId/accept': scribesOnly(
    'A Scribe accepts a waiting request and becomes its room’s Scribe member; refused for one’s own room (a Scribe request cannot target oneself) and once no longer waiting. In a cluster it runs on the room’s owner (forwarded there and checked again).',
  ),
  'POST /api/v1/scribe-requests/:requestId/end': scribesOnly(
    'A Scribe stops serving a request; refused unless they are its Scribe. In a cluster it runs on the room’s owner (forwarded there and checked again).',
  ),
  'POST /api/v1.1/users/beginChat': scribesOnly(
    'A Scribe writes to the person whose request they see or serve (avaId); delivered in that person’s room. In a cluster it runs on the room’s owner (forwarded there and checked again).',
  ),
  'GET /api/v1/scribe-training': scribesOnly('The Scribe training items.'),
  'GET /api/v1/scribe-training/:name/audio': scribesOnly('A training item’s recording, to listen to.'),
  'POST /api/v1/scribe-training/:name/start': scribesOnly(
    'Starts a practice room, hosted by the Scribe, that plays the item’s recording through the recogniser.',
  ),
  'GET /api/v1/scribe-training/rooms/:roomId/score': room(
    ['host'],
    'The accuracy in a practice room: its host (the Scribe who started it) only; other rooms have no score.',
  ),
  'GET /*': principals(
    { outsider: 'yes', guest: 'yes', account: 'yes' },
    'The web client’s files (unknown /api paths answer 404).',
  ),
} as const satisfies Record<string, AccessRow>;

export type HttpRouteKey = keyof typeof HTTP_ACCESS;

/**
 * Socket actions: a message type, or a message type and the field that makes it a different
 * power (ending a room is not the same as muting one's own audio download).
 */
export const SOCKET_ACCESS = {
  'connection-params': principals(
    { guest: 'yes', account: 'yes' },
    'Proves who connects (guest credential or identity token). Joins an ongoing room with a link or name token, or rejoins as a member; creates a room only for its host.',
  ),
  ping: room(
    ['outsider', 'guest', 'account', ...EVERYONE_IN_ROOM],
    'Keep-alive, allowed before connection-params too.',
  ),
  'connection-params-update': room(
    EVERYONE_IN_ROOM,
    'Fields about oneself (downAudio, audio, saveTranscript).',
  ),
  'connection-params-update.usePaidASR': room(
    SPEAKERS,
    'Asks for Premium (or Basic) for one’s next recording; the server serves Premium only to those entitled (plan or credit), else Basic with not-entitled (docs/credits.md).',
  ),
  'connection-params-update.conversationMode': room(['host'], 'Only the host changes the mode.'),
  'connection-params-update.state': room(['host'], 'Only the host ends the room.'),
  'connection-params-update.requireAdmission': room(
    ['host'],
    'Only the host decides whether newcomers wait to be let in.',
  ),
  'connection-params-update.editingDisabled': room(
    ['host'],
    'Only the host turns members’ corrections of the transcript off and on.',
  ),
  'connection-request-answer': room(['host'], 'Only the host lets people in or refuses them.'),
  'connection-params-update.saveTranscript': room(
    ['host'],
    'Only the host decides whether others may read the transcript back after the conversation.',
  ),
  'update-title': room(['host'], 'Only the host renames the room.'),
  'audio.start': room(SPEAKERS, 'Read-only members, Scribes and ended rooms cannot send audio.'),
  'audio.stop': room(EVERYONE_IN_ROOM, 'Stops one’s own recording, if any.'),
  'audio-frame': room(
    SPEAKERS,
    'Binary audio frames, after audio.start. Frames that arrive after the room ended are dropped without a word (they were on their way).',
  ),
  webrtc: room(
    SPEAKERS,
    'WebRTC audio: the answer to the server’s offer and ICE candidates, for one’s own recording started with format webrtc; audio through it is refused as audio frames are.',
  ),
  'webrtc-track-metadata': room(SPEAKERS, 'Names the track of one’s own WebRTC recording.'),
  'reset-recorder': room(SPEAKERS, 'Flushes one’s own recording.'),
  'signal-i-am-typing': room(['host', 'rw-member', 'scribe'], 'At most one broadcast per member per second.'),
  'typed-message': room(
    ['host', 'rw-member', 'scribe'],
    'A typed reply joins the transcript as the sender’s own line; read-only members only read. Limited per connection.',
  ),
  'assign-voicing-speaker-name': room(
    ['host', 'rw-member', 'scribe'],
    'Names (the first time, creates) or renames a speaker who has no device of their own; people’s own names are theirs (the id cannot be a person’s).',
  ),
  'assign-voicing-speaker-myself': room(
    SPEAKERS,
    'Says a voicing speaker was oneself: its lines become one’s own (a speaker already claimed is refused).',
  ),
  'assign-bloc-different-speaker': roomOwn(
    ['host'],
    ['rw-member'],
    'Changes the speaker of a line: the host any line; a member only a line their own microphone or keyboard made (whoever it is shown as now).',
  ),
  'request-text-to-speech': room(
    ['host', 'rw-member', 'scribe'],
    'A voiced reply: a typed reply (the sender’s own line) also read aloud, to its sender and to the members who asked to hear voiced replies (downAudio). Limited per connection.',
  ),
  'set-reading-language': room(
    ['host', 'rw-member', 'ro-member', 'scribe'],
    'The language one reads captions in: oneself only; read-only members too, since reading is what they do.',
  ),
  'set-curse-filter': room(
    EVERYONE_IN_ROOM,
    'The curse filter of the captions one receives: oneself only, never the stored original; read-only members too, since reading is what they do.',
  ),
  'auto-translate-toggle': room(['host'], 'Only the host switches whose turn it is to speak.'),
  'auto-translate-set-guest-language': room(
    ['host', 'rw-member'],
    'The host, or the guest speaking with them, says which language the guest speaks; read-only members and Scribes do not.',
  ),
  'force-mute': room(
    ['host'],
    'Stops another participant’s microphone (the spec’s force-mute); they are told why and may start again.',
  ),
  'prolong-restricted-session': room(
    ['host'],
    'Adds a period to the conversation’s time limit: the host only; the room then answers not-entitled to a host whose plan does not give Premium (shared/session-limits.ts).',
  ),
  'request-ava-bot': room(
    ['host'],
    'Only the host sends a bot into an online meeting (one at a time); the link must be a Zoom, Meet or Teams meeting’s.',
  ),
  'end-ava-bot': room(['host'], 'Only the host takes the bot out of the meeting.'),
  'update-ava-bot-speech-lang': room(['host'], 'Only the host changes the meeting bot’s settings.'),
  'ava-bot-text-to-speech': room(
    ['host', 'rw-member'],
    'A typed reply the bot speaks into the meeting: people who may speak in the room; read-only members and Scribes do not.',
  ),
  close: room(EVERYONE_IN_ROOM, 'Closes one’s own connection.'),
  'close.ending': room(
    ['host'],
    'A close whose reason ends the room (app_terminated, max_convo_time_reached): the host only, whose room then ends for everyone; the other reasons only say why one person leaves.',
  ),
  'transcript-edit': room(
    ['host', 'rw-member', 'scribe'],
    'Corrects a line (insert, delete, cursor, changeSpeaker, updateField; docs/editing.md). Read-only members only read; nobody edits an ended conversation.',
  ),
  'transcript-edit.restricted': room(
    ['host', 'scribe'],
    'While the room is public-muted or the host turned members’ editing off, only the host and Scribes correct (“Edition has been disabled by the host”).',
  ),
  'transcript-edit.changeSpeaker': roomOwn(
    ['host', 'scribe'],
    ['rw-member'],
    'Changes a line’s speaker by a mutation: the host and Scribes any line, a member only a line their own microphone or keyboard made.',
  ),
  'transcripts-since': room(EVERYONE_IN_ROOM, 'Finals missed after a gap or a reconnection.'),
  'transcripts-before': room(EVERYONE_IN_ROOM, 'Older finals, when scrolling back.'),
  'request-scribe': room(
    ['host'],
    'The host asks for a Scribe (fast or accurate); one request at a time per room. A Scribe request cannot target oneself. Organisations only: an active organisation licence and Scribe credit (docs/credits.md).',
  ),
  'cancel-scribe': room(['host'], 'The host withdraws a waiting request or sends the serving Scribe away.'),
  'update-scribe-correction-mode': room(
    ['host', 'scribe'],
    'Fast or accurate for the request being served: its host or its Scribe.',
  ),
  'scribe-chat': room(
    ['host', 'scribe'],
    'The chat between the Scribe and the host who asked: only while a request waits or is served.',
  ),
  'access-boost-words': room(
    ['host', 'rw-member', 'ro-member', 'ended-member'],
    'One’s own boost list only (list, add, remove); added words must be in this conversation’s transcript. Scribes correct others’ conversations: their list is not theirs to grow there.',
  ),
  boost: room(
    SPEAKERS,
    'Whether one’s own recognition uses one’s boost list, from one’s next utterance; only people who may speak.',
  ),
} as const satisfies Record<string, AccessRow>;

export type SocketAction = keyof typeof SOCKET_ACCESS;

/** What of the room itself changes the actions a message asks for. */
export interface ActionContext {
  /** Members' corrections are off (public-muted, or the host turned them off). */
  editingRestricted: boolean;
}

/**
 * The actions one message asks for. Every message type is listed (the compiler checks), so a
 * new message cannot be handled before it has a row.
 */
const ACTIONS_OF: {
  [K in ClientMessageType]: (message: ClientMessageOf<K>, context: ActionContext) => SocketAction[];
} = {
  'connection-params': () => ['connection-params'],
  'connection-params-update': (m) => [
    'connection-params-update',
    ...(m.usePaidASR !== undefined ? (['connection-params-update.usePaidASR'] as const) : []),
    ...(m.conversationMode !== undefined ? (['connection-params-update.conversationMode'] as const) : []),
    ...(m.state !== undefined ? (['connection-params-update.state'] as const) : []),
    ...(m.saveTranscript !== undefined ? (['connection-params-update.saveTranscript'] as const) : []),
    ...(m.requireAdmission !== undefined ? (['connection-params-update.requireAdmission'] as const) : []),
    ...(m.editingDisabled !== undefined ? (['connection-params-update.editingDisabled'] as const) : []),
  ],
  'update-title': () => ['update-title'],
  'connection-request-answer': () => ['connection-request-answer'],
  audio: (m) => [m.action === 'start' ? 'audio.start' : 'audio.stop'],
  webrtc: () => ['webrtc'],
  'webrtc-track-metadata': () => ['webrtc-track-metadata'],
  'reset-recorder': () => ['reset-recorder'],
  'signal-i-am-typing': () => ['signal-i-am-typing'],
  'typed-message': () => ['typed-message'],
  'assign-voicing-speaker-name': () => ['assign-voicing-speaker-name'],
  'assign-voicing-speaker-myself': () => ['assign-voicing-speaker-myself'],
  'assign-bloc-different-speaker': () => ['assign-bloc-different-speaker'],
  'request-text-to-speech': () => ['request-text-to-speech'],
  'set-reading-language': () => ['set-reading-language'],
  'set-curse-filter': () => ['set-curse-filter'],
  'auto-translate-toggle': () => ['auto-translate-toggle'],
  'auto-translate-set-guest-language': () => ['auto-translate-set-guest-language'],
  'force-mute': () => ['force-mute'],
  'prolong-restricted-session': () => ['prolong-restricted-session'],
  'request-ava-bot': () => ['request-ava-bot'],
  'end-ava-bot': () => ['end-ava-bot'],
  'update-ava-bot-speech-lang': () => ['update-ava-bot-speech-lang'],
  'ava-bot-text-to-speech': () => ['ava-bot-text-to-speech'],
  close: (m) => ['close', ...(closeEndsRoom(m.reason) ? (['close.ending'] as const) : [])],
  ping: () => ['ping'],
  'transcript-edit': (m, context) => [
    'transcript-edit',
    ...(context.editingRestricted ? (['transcript-edit.restricted'] as const) : []),
    ...(m.mutation?.type === 'changeSpeaker' ? (['transcript-edit.changeSpeaker'] as const) : []),
  ],
  'transcripts-since': () => ['transcripts-since'],
  'transcripts-before': () => ['transcripts-before'],
  'request-scribe': () => ['request-scribe'],
  'cancel-scribe': () => ['cancel-scribe'],
  'update-scribe-correction-mode': () => ['update-scribe-correction-mode'],
  'scribe-chat': () => ['scribe-chat'],
  'access-boost-words': () => ['access-boost-words'],
  boost: () => ['boost'],
};

export function socketActionsOf(
  message: ClientMessage,
  context: ActionContext = { editingRestricted: false },
): SocketAction[] {
  return (ACTIONS_OF[message.type] as (m: ClientMessage, c: ActionContext) => SocketAction[])(
    message,
    context,
  );
}

/** Whether `actor` may; `own` says whether the record concerned is the caller's. */
export function allows(row: AccessRow, actor: Actor, own = false): boolean {
  const cell = row.cells[actor];
  return cell === 'yes' || (cell === 'own' && own);
}

/** What a member of a room is, for the room rows. */
export interface Membership {
  readonly: boolean;
  role: 'participant' | 'scribe';
}

/**
 * The actor a principal is for one room. `membership` is undefined for a non-member; the host
 * is a member whether or not a membership row exists. 'stranger' is a non-member of an ended
 * room: refused everything, as if the room did not exist.
 */
export function roomActor(
  principal: { kind: PrincipalActor; avaId?: string },
  room: { hostAvaId: string; ended: boolean },
  membership: Membership | undefined,
): Actor | 'stranger' {
  if (principal.kind === 'outsider') return 'outsider';
  const isHost = principal.avaId !== undefined && principal.avaId === room.hostAvaId;
  const isMember = isHost || membership !== undefined;
  if (room.ended) return isMember ? 'ended-member' : 'stranger';
  if (isHost) return 'host';
  if (!membership) return principal.kind;
  if (membership.role === 'scribe') return 'scribe';
  return membership.readonly ? 'ro-member' : 'rw-member';
}

/**
 * The actor a principal is for one organisation: its admin is the one the organisation's row
 * names (a profile's `role` is the person's own word, so it grants nothing); its members are the
 * accounts whose profile belongs to it; anyone else is what they are without it.
 */
export function organizationActor(
  principal: { kind: PrincipalActor; avaId?: string | undefined; organizationId?: string | undefined },
  organization: { id: string; admin?: string | undefined } | undefined,
): Actor {
  if (principal.kind !== 'account' || !organization || principal.organizationId !== organization.id) {
    return principal.kind;
  }
  return principal.avaId !== undefined && organization.admin === principal.avaId ? 'org-admin' : 'org-member';
}

const SYMBOL: Record<Cell, string> = { yes: '✓', no: '✗', own: 'own', 'n/a': '—' };

/** The table as Markdown, as docs/security.md shows it. */
export function renderAccessTable(): string {
  const header = `| | ${ACTORS.join(' | ')} | note |`;
  const rule = `|---|${ACTORS.map(() => '---').join('|')}|---|`;
  const lines = (title: string, rows: Record<string, AccessRow>) =>
    Object.entries(rows).map(
      ([key, row]) =>
        `| ${title} \`${key}\` | ${ACTORS.map((a) => SYMBOL[row.cells[a]]).join(' | ')} | ${row.note} |`,
    );
  return [header, rule, ...lines('HTTP', HTTP_ACCESS), ...lines('socket', SOCKET_ACCESS)].join('\n');
}
