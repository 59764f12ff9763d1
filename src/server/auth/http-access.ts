/**
 * The HTTP half of the authorisation table (access.ts): one row per route, keyed `METHOD path`
 * exactly as registered with Fastify. A described route (http/route.ts) does not compile without
 * its row here.
 */
import {
  type AccessRow,
  ANYONE,
  EVERYONE_IN_ROOM,
  organization,
  principals,
  room,
  scribesOnly,
} from './access-rows';

/**
 * HTTP routes, keyed `METHOD path` exactly as registered with Fastify (HEAD follows GET).
 */
export const HTTP_ACCESS = {
  'POST /api/v1/guest-users/me': principals(
    ANYONE,
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
    ANYONE,
    'The read-only token is the proof: it opens an ended transcript its host shares and lets others read (transcripts/shared-link.ts); else the same 404. Never a membership or the rw token.',
  ),
  'GET /api/v1/shared-transcripts/:token/export': principals(
    ANYONE,
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
  'POST /api/v1/saved-transcripts/bulk-delete': principals(
    { guest: 'yes', account: 'yes' },
    'Deletes several of the caller’s own entries (found by their avaId) in one transaction, all or none: one that is not theirs, or a conversation they host that is still going on, refuses the whole request.',
  ),
  'GET /api/v1/config': principals(ANYONE, 'Public settings.'),
  'GET /api/v1/health': principals(ANYONE, 'Liveness.'),
  'GET /api/v1/ready': principals(
    ANYONE,
    'Readiness for load balancers: whether each part answered, never why not (the reasons, which may name hosts, go to the server log).',
  ),
  'GET /api/v1/openapi.json': principals(
    ANYONE,
    'The HTTP API described (OpenAPI 3: every route, its schemas): it describes, it grants nothing.',
  ),
  'GET /metrics': principals(
    ANYONE,
    'Prometheus metrics for operators: no person’s credential is involved; answered to loopback without X-Forwarded-For (a proxy’s), or to Authorization: Bearer HEARKEN_METRICS_TOKEN; 401 otherwise (metrics/routes.ts). Counts only, no names or ids.',
  ),
  'GET /api/v1/remote-config': principals(ANYONE, 'Public feature flags.'),
  'GET /api/v1/desktop-builds': principals(
    ANYONE,
    'The desktop builds on the update feed (version, size, file): what the feed already publishes to anyone.',
  ),
  'POST /pushClientLogsToElastic': principals(
    { guest: 'yes', account: 'yes' },
    'Client logs, recorded under their author (guest or account): entries and bytes limited per identity and per client address, deleted after HEARKEN_CLIENT_LOG_RETENTION_DAYS.',
  ),
  'POST /api/v1/reports': principals(
    { guest: 'yes', account: 'yes' },
    'Report a problem: recorded under its author (guest or account) and their organisation, written to the server log; limited per caller and per client address (429). The optional room id is the author’s word: it is stored, never used to reach the room.',
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
    ANYONE,
    'Public: whether translation is on, its engine, and the reading languages the installed pairs offer from a speech language.',
  ),
  'POST /api/v1/organization': principals(
    { account: 'yes' },
    'Creates an organisation (its creator its admin or member), or joins one of that name: one admin per organisation (adminAlreadyExists), a name of another organisation refused (nameAlreadyUse), one organisation per account.',
  ),
  'GET /api/v1/organization/invitations': principals(
    { account: 'yes' },
    'The invitations waiting for the caller’s own emails (organisation name, role offered, who sent it): nobody joins an organisation without accepting (issue 29 F-09).',
  ),
  'POST /api/v1/organization/invitations/:organization': principals(
    { account: 'yes' },
    'Accepts an invitation to one of the caller’s own emails: they join as invited; not while they belong to an organisation (one per account).',
  ),
  'DELETE /api/v1/organization/invitations/:organization': principals(
    { account: 'yes' },
    'Declines (deletes) an invitation to one of the caller’s own emails.',
  ),
  'POST /api/v1/organization/leave': principals(
    { account: 'yes' },
    'The caller leaves their own organisation (their licences of it go back to it); its only admin not while other members remain, so it never has zero admins.',
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
    'Cancels a licence of the admin’s own organisation (a paid one runs to the end of its period and its subscription renews one licence fewer, through the payment provider; a trial ends now).',
  ),
  'GET /api/v1/workspace/reporting': organization(
    ['org-admin'],
    'The caller’s organisation’s caption time per member and per week (or as CSV): its admin only; members see no one’s usage.',
  ),
  'GET /api/v1/workspace/reports': organization(
    ['org-admin'],
    'The problems reported by the caller’s organisation’s members (newest first): its admin only.',
  ),
  'GET /api/v1/workspace/members': organization(
    ['org-admin'],
    'The caller’s organisation’s members and the invitations waiting (email, role, licence held): its admin only.',
  ),
  'POST /api/v1/workspace/members': organization(
    ['org-admin'],
    'Invites by email: the person joins only when they accept (an account sees it at once, an email without one once it signs in verified); until then they are invited and their usage is not the organisation’s. Its admin only.',
  ),
  'PATCH /api/v1/workspace/members/:member': organization(
    ['org-admin'],
    'Hands the admin role to a member of the same organisation (one admin per organisation): its admin only.',
  ),
  'DELETE /api/v1/workspace/members/:member': organization(
    ['org-admin'],
    'Removes a member (their licences of it are unassigned) or withdraws an invitation; never the admin themself. Its admin only.',
  ),
  'POST /api/v1/workspace/members/:member/scribe-time': organization(
    ['org-admin'],
    'Adds minutes (1 to 600 a grant) to a member’s Scribe time, from the workspace’s Scribe settings: its admin only, for an active member of their own organisation.',
  ),
  'POST /api/v1/workspace/joins-seen': organization(
    ['org-admin'],
    'The admin has seen who joined the organisation by naming it: they are no longer marked new on the members page. Its admin only.',
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
  'POST /api/v1/scribe-time/checkout': principals(
    { account: 'yes' },
    'Opens a Checkout for hours (1 to 20) of the caller’s own Scribe time, paid once; the signed webhook adds them once paid. A signed-in account only: a guest has no credit to add to.',
  ),
  'GET /api/v1.1/user-credits/:avaId': principals(
    { account: 'own' },
    'One’s own credits (Scribe, extra and recurring Premium), negative or missing as 0.',
  ),
  'POST /api/v1/payments/stripe-webhook': principals(
    ANYONE,
    'Payment provider events: the only proof is Stripe’s signature of the raw body with the webhook secret (verified before anything is read); an event is applied once.',
  ),
  'POST /api/v1/meeting-bot/webhook': principals(
    ANYONE,
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
    ANYONE,
    'The phone provider’s status callbacks: X-Twilio-Signature (HMAC-SHA1 of the URL and the form under the auth token) is the proof, and the call’s token in the URL names the call; refused 403 without it. The media stream’s websocket (its URL names the call’s room) is checked the same way. In a cluster both are forwarded to the room’s owner and checked there.',
  ),
  'GET /api/v1/scribe-eligibility': principals(
    { guest: 'yes', account: 'yes' },
    'Whether the caller may ask for a Scribe now, and if not why (no organisation licence, no Scribe time left, the organisation’s monthly limit): about the caller only, so the Scribe button says what is needed before it is pressed.',
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
  'GET /*': principals(ANYONE, 'The web client’s files (unknown /api paths answer 404).'),
} as const satisfies Record<string, AccessRow>;

export type HttpRouteKey = keyof typeof HTTP_ACCESS;
