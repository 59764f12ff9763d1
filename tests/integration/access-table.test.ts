/**
 * Walks the whole authorisation table (src/server/auth/access.ts, docs/security.md) against a
 * real server: every actor (outsider, guest, account, host, read-write member, read-only member,
 * scribe, ended-room member) against every HTTP route and every socket action, expecting the
 * table's answer. A row without a call here does not compile, and a route without a row stops
 * the server from starting (checked at the end).
 */
import { BOOST_WORDS_ROUTE } from '../../src/shared/boost-words';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ACTORS,
  type Actor,
  HTTP_ACCESS,
  type HttpRouteKey,
  SOCKET_ACCESS,
  type SocketAction,
  allows,
} from '../../src/server/auth/access';
import { GuestCredentials } from '../../src/server/auth/guest-credentials';
import { PrincipalResolver } from '../../src/server/auth/principal';
import { registerAccessControl } from '../../src/server/http/access-hook';
import { MEETING_BOT_ROUTES, METRICS_PATH, API } from '../../src/shared/api';
import { RECAP_API } from '../../src/shared/recap/api';
import { PROBLEM_REPORT_ROUTES } from '../../src/shared/problem-reports';
import { BUSINESS_API } from '../../src/shared/business-api';
import { SCRIBE_API } from '../../src/shared/scribe/api';
import { PHONE_CALL_API, PHONE_CALL_ROUTES } from '../../src/shared/phone-calls';
import { guestAuthorization, identityAuthorization } from '../../src/shared/auth';
import { CHUNK_BYTES, SAMPLE_RATE_HZ } from '../../src/shared/constants';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { makeRoomId } from '../../src/shared/ids';
import { SOCKET_PATH, type ClientMessage, type ServerMessage } from '../../src/shared/protocol';
import type { UserProfile } from '../../src/shared/user';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

let emulator: SharedAuthEmulator;
let server: TestServer;
const dataDir = tempDataDir();

/** A person and how they prove it on HTTP and on the socket. */
interface Person {
  avaId: string;
  headers: Record<string, string>;
  proof: { guestCredential: string } | { identityToken: string };
  userName: string;
  /** An account's Firebase uid. */
  uid?: string;
}

interface Room {
  id: string;
  name: string;
  rwToken: string;
  roToken: string;
}

const people = {} as Record<
  'host' | 'rw' | 'ro' | 'guest' | 'account' | 'scribe' | 'endedHost' | 'ended' | 'orgAdmin' | 'orgMember',
  Person
>;
let room: Room;
let endedRoom: Room;
/** A licence of the walked organisation (its admin's trial). */
let orgLicenceId = 'no-licence-yet';
const keep: CaptionClient[] = [];
/** The walked room's host, connected throughout (turns editing off for the restricted row). */
let hostClient: CaptionClient;

function guestPerson(user: GuestUserWithCredential): Person {
  return {
    avaId: user.avaId,
    headers: { authorization: guestAuthorization(user.credential) },
    proof: { guestCredential: user.credential },
    userName: user.userName,
  };
}

async function accountPerson(emulatorClient: EmulatorClient, email: string): Promise<Person> {
  const signedIn = await emulatorClient.verifiedUser(email);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: {},
  });
  expect(created.status).toBe(200);
  const profile = created.body as UserProfile;
  return {
    avaId: profile.avaId,
    headers: { authorization: identityAuthorization(signedIn.idToken) },
    proof: { identityToken: signedIn.idToken },
    userName: profile.userName || 'Account',
    uid: signedIn.localId,
  };
}

/** Opens a socket and sends connection-params; resolves with the first answer. */
async function connectAs(
  person: Person | undefined,
  roomId: string,
  extra: Partial<Extract<ClientMessage, { type: 'connection-params' }>> = {},
): Promise<{ ws: WebSocket; received: ServerMessage[]; first: ServerMessage }> {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
  const received: ServerMessage[] = [];
  ws.on('message', (data, binary) => {
    if (!binary) received.push(JSON.parse(data.toString()) as ServerMessage);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(
    JSON.stringify({
      type: 'connection-params',
      speakerId: person?.avaId ?? 'nobody0000000000000000',
      roomId,
      ...(person ? person.proof : {}),
      ...extra,
    }),
  );
  const first = await nextMessage(ws, received, 0, 10_000);
  return { ws, received, first };
}

async function nextMessage(ws: WebSocket, received: ServerMessage[], from: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (received.length <= from) {
    if (Date.now() > deadline || ws.readyState === ws.CLOSED) throw new Error('no answer from the server');
    await new Promise((r) => setTimeout(r, 10));
  }
  return received[from]!;
}

function tokensOf(client: CaptionClient): Room {
  const status = client.received.find((r) => r.message.type === 'room-status')!.message as Extract<
    ServerMessage,
    { type: 'room-status' }
  >;
  const token = (link: string) => new URL(link).searchParams.get('token')!;
  return {
    id: client.roomId,
    name: status.status.name!,
    rwToken: token(status.status.links.rw!),
    roToken: token(status.status.links.ro),
  };
}

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      // The walked room's guest host may ask for the Scribe who plays the scribe column.
      HEARKEN_SCRIBES_FOR: 'everyone',
      // Meeting bots on (through the provider's stand-in), so the bot messages' rows are walked.
      HEARKEN_MEETING_BOT_STAND_IN: '1',
      // Phone calls on (through Twilio's stand-in), so a real call's sid is walked.
      HEARKEN_PHONE_STAND_IN: '1',
      // The walked host is a guest: calls for everyone, so its call passes beyond the access rows.
      HEARKEN_PHONE_CALLS_FOR: 'everyone',
    },
  });
  const emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  const [hostUser, rwUser, roUser, guestUser, endedHostUser, endedUser] = await Promise.all(
    ['Hana Host', 'Rita Writer', 'Rob Reader', 'Gus Guest', 'Eve Host', 'Ed Ended'].map((n) =>
      createGuest(server.url, n),
    ),
  );
  people.host = guestPerson(hostUser!);
  people.rw = guestPerson(rwUser!);
  people.ro = guestPerson(roUser!);
  people.guest = guestPerson(guestUser!);
  people.endedHost = guestPerson(endedHostUser!);
  people.ended = guestPerson(endedUser!);
  people.account = await accountPerson(emulatorClient, 'walker-account@example.com');
  people.scribe = await accountPerson(emulatorClient, 'walker-scribe@example.com');
  // Organisations give the scribe feature; no route lets a person give it to themselves.
  await server.database.db
    .updateTable('users')
    .set({ features: JSON.stringify({ scribe: true }) })
    .where('ava_id', '=', people.scribe.avaId)
    .execute();
  // An organisation with its admin and a member, and the admin's trial licence.
  people.orgAdmin = await accountPerson(emulatorClient, 'walker-org-admin@example.com');
  people.orgMember = await accountPerson(emulatorClient, 'walker-org-member@example.com');
  for (const [person, role] of [
    [people.orgAdmin, 'admin'],
    [people.orgMember, 'member'],
  ] as const) {
    const joined = await fetch(`${server.url}${BUSINESS_API.organization}`, {
      method: 'POST',
      headers: { ...person.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'hr', name: 'Walker Works', role, size: '11-50' }),
    });
    expect(joined.status, `${role} joins`).toBeLessThan(300);
  }
  const trial = await fetch(`${server.url}${BUSINESS_API.activateTrial}`, {
    method: 'POST',
    headers: { ...people.orgAdmin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ avaId: people.orgAdmin.avaId, channel: 'web', planType: 'Pro' }),
  });
  expect(trial.status).toBe(201);
  orgLicenceId = ((await trial.json()) as { licence: { id: string } }).licence.id;

  const host = await CaptionClient.connect(server.url, { user: hostUser! });
  keep.push(host);
  hostClient = host;
  room = tokensOf(host);
  // A line of the host's, someone else's for the other actors of assign-bloc-different-speaker,
  // and a named speaker to give lines to.
  const typedMark = host.received.length;
  host.send({ type: 'typed-message', text: 'The host said this.' });
  const typed = await host.waitFor(
    (m) => m.type === 'transcript' && m.transcript.origin === 'human',
    10_000,
    typedMark,
  );
  hostLineId = (typed as Extract<ServerMessage, { type: 'transcript' }>).transcript.id;
  host.send({
    type: 'assign-voicing-speaker-name',
    speakerId: 'voicing-walkedspeaker2',
    speakerName: 'Walked Two',
  });
  // Members join through their links and stay members.
  for (const [person, token] of [
    [people.rw, room.rwToken],
    [people.ro, room.roToken],
  ] as const) {
    const joined = await connectAs(person, room.id, { token });
    expect(joined.first.type, `${person.userName} joins`).toBe('connection-succeeded');
    joined.ws.close();
  }
  // A Scribe is a member by assignment only: the host asks, the Scribe accepts, and stays
  // connected throughout, so the assignment does not end (30 s away) while the walk comes and goes.
  const requestMark = host.received.length;
  host.send({ type: 'request-scribe', correctionMode: 'fast' });
  const pending = await host.waitFor(
    (m) => m.type === 'room-status-update' && m.status.scribe?.status === 'pending',
    10_000,
    requestMark,
  );
  const requestId = pending.type === 'room-status-update' ? pending.status.scribe!.requestId : '';
  const accepted = await fetch(`${server.url}${SCRIBE_API.accept(requestId)}`, {
    method: 'POST',
    headers: { ...people.scribe.headers, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(accepted.status, 'the Scribe accepts').toBe(200);
  keep.push(
    await CaptionClient.connect(server.url, {
      user: { avaId: people.scribe.avaId, userName: people.scribe.userName },
      identityToken: (people.scribe.proof as { identityToken: string }).identityToken,
      roomId: room.id,
      role: 'scribe',
    }),
  );

  callSids.set(room.id, await placeCall(people.host, room.id));
  const endedHost = await CaptionClient.connect(server.url, { user: endedHostUser! });
  endedRoom = tokensOf(endedHost);
  // A call of the ended room: its end hangs it up, and the call still names its room.
  callSids.set(endedRoom.id, await placeCall(people.endedHost, endedRoom.id));
  const member = await connectAs(people.ended, endedRoom.id, { token: endedRoom.rwToken });
  expect(member.first.type).toBe('connection-succeeded');
  member.ws.close();
  const mark = endedHost.received.length;
  endedHost.send({ type: 'connection-params-update', state: { value: 'ended' } });
  await endedHost.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000, mark);
  await endedHost.close();
});

afterAll(async () => {
  for (const client of keep) await client.close().catch(() => undefined);
  await server?.close();
  removeDataDir(dataDir);
});

/** A phone call of each walked room, by room id (DELETE /api/v1/calls/:sid names the room by its call). */
const callSids = new Map<string, string>();

/** The room's host dials the stand-in's conference: the call's sid. */
async function placeCall(host: Person, roomId: string): Promise<string> {
  const response = await fetch(`${server.url}${PHONE_CALL_API.calls}`, {
    method: 'POST',
    headers: { ...host.headers, 'content-type': 'application/json' },
    body: JSON.stringify(walkedCall(roomId)),
  });
  expect(response.status, 'the host places a call').toBe(201);
  return ((await response.json()) as { sid: string }).sid;
}

const walkedCall = (roomId: string) => ({
  roomId,
  calleeInternationalNumber: '+14155550100',
  sendDigits: 'W1234#',
  speechLang: 'en-US',
  conferenceType: 'other',
});

/** Who plays each actor, and in which room. */
function playerOf(actor: Actor): { person: Person | undefined; room: Room } {
  switch (actor) {
    case 'outsider':
      return { person: undefined, room };
    case 'guest':
      return { person: people.guest, room };
    case 'account':
      return { person: people.account, room };
    case 'host':
      return { person: people.host, room };
    case 'rw-member':
      return { person: people.rw, room };
    case 'ro-member':
      return { person: people.ro, room };
    case 'scribe':
      return { person: people.scribe, room };
    case 'ended-member':
      return { person: people.ended, room: endedRoom };
    case 'org-admin':
      return { person: people.orgAdmin, room };
    case 'org-member':
      return { person: people.orgMember, room };
  }
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

/** How each route is called by someone; `own` says whether it targets the caller's own record. */
const HTTP_CALLS: Record<HttpRouteKey, (who: Person | undefined, target: Room, own: boolean) => Call> = {
  'POST /api/v1/guest-users/me': () => ({ method: 'POST', path: API.createGuest, body: {} }),
  'GET /api/v1/guest-users/:avaId': (who, _r, own) => ({
    method: 'GET',
    path: API.guest(own && who ? who.avaId : people.host.avaId),
  }),
  'GET /api/v1/tokens/:token': (_w, target) => ({ method: 'GET', path: API.token(target.rwToken) }),
  'GET /api/v1/room-names/:name': (_w, target) => ({ method: 'GET', path: API.roomName(target.name) }),
  'GET /api/v1/rooms/:roomId/transcripts': (_w, target) => ({
    method: 'GET',
    path: API.roomTranscripts(target.id),
  }),
  'GET /api/v1/rooms/:roomId/transcripts/export': (_w, target) => ({
    method: 'GET',
    path: API.roomTranscriptExport(target.id, { format: 'txt' }),
  }),
  'POST /api/v1/rooms/:roomId/saved-transcript': (_w, target) => ({
    method: 'POST',
    path: API.roomSavedTranscript(target.id),
    body: {},
  }),
  'POST /api/v1/rooms/:roomId/rating': (_w, target) => ({
    method: 'POST',
    path: API.roomRating(target.id),
    body: { stars: 4 },
  }),
  'GET /api/v1/rooms/:roomId/rating': (_w, target) => ({ method: 'GET', path: API.roomRating(target.id) }),
  'POST /api/v1/rooms/:roomId/generateSmartRecap': (_w, target) => ({
    method: 'POST',
    path: RECAP_API.generateSmartRecap(target.id),
    body: {},
  }),
  'GET /api/v1/rooms/:roomId/caption-quality': (_w, target) => ({
    method: 'GET',
    path: RECAP_API.captionQuality(target.id),
  }),
  'GET /api/v1/rooms/:roomId/share-link': (_w, target) => ({
    method: 'GET',
    path: RECAP_API.shareLink(target.id),
  }),
  'POST /api/v1/rooms/:roomId/share-link': (_w, target) => ({
    method: 'POST',
    path: RECAP_API.shareLink(target.id),
    body: {},
  }),
  'DELETE /api/v1/rooms/:roomId/share-link': (_w, target) => ({
    method: 'DELETE',
    path: RECAP_API.shareLink(target.id),
  }),
  'GET /api/v1/shared-transcripts/:token': (_w, target) => ({
    method: 'GET',
    path: RECAP_API.sharedTranscript(target.roToken),
  }),
  'GET /api/v1/shared-transcripts/:token/export': (_w, target) => ({
    method: 'GET',
    path: RECAP_API.sharedTranscriptExport(target.roToken, { format: 'txt' }),
  }),
  'GET /api/v1/saved-transcripts': (who, _r, own) => ({
    method: 'GET',
    path: `${API.savedTranscripts}?avaId=${encodeURIComponent(own && who ? who.avaId : people.host.avaId)}`,
  }),
  'PATCH /api/v1/saved-transcripts/:roomId': (_w, target) => ({
    method: 'PATCH',
    path: API.savedTranscript(target.id),
    body: { title: 'Walked' },
  }),
  'DELETE /api/v1/saved-transcripts/:roomId': (_w, target) => ({
    method: 'DELETE',
    path: API.savedTranscript(target.id),
  }),
  'POST /api/v1/saved-transcripts/bulk-delete': (_w, target) => ({
    method: 'POST',
    path: API.savedTranscriptsBulkDelete,
    body: { roomIds: [target.id] },
  }),
  'GET /api/v1/config': () => ({ method: 'GET', path: API.config }),
  'GET /api/v1/health': () => ({ method: 'GET', path: API.health }),
  'GET /api/v1/ready': () => ({ method: 'GET', path: API.ready }),
  'GET /api/v1/openapi.json': () => ({ method: 'GET', path: API.openapi }),
  'GET /metrics': () => ({ method: 'GET', path: METRICS_PATH }),
  'GET /api/v1/remote-config': () => ({ method: 'GET', path: API.remoteConfig }),
  'GET /api/v1/desktop-builds': () => ({ method: 'GET', path: '/api/v1/desktop-builds' }),
  'POST /pushClientLogsToElastic': () => ({ method: 'POST', path: API.clientLogs, body: [] }),
  // Refused by the schema (a description too short) once let through: nothing is stored while walking.
  'POST /api/v1/reports': () => ({
    method: 'POST',
    path: PROBLEM_REPORT_ROUTES.reports,
    body: { description: '', category: 'other' },
  }),
  'GET /api/v1/users/me': () => ({ method: 'GET', path: API.usersMe }),
  'PATCH /api/v1/users/me': () => ({ method: 'PATCH', path: API.usersMe, body: {} }),
  'PATCH /api/v1.1/users/:avaId': (who, _r, own) => ({
    method: 'PATCH',
    path: API.userV11(own && who ? who.avaId : people.scribe.avaId),
    body: {},
  }),
  'GET /api/v1/users/me/boost-words': () => ({ method: 'GET', path: BOOST_WORDS_ROUTE }),
  'PATCH /api/v1/users/me/boost-words': () => ({
    method: 'PATCH',
    path: BOOST_WORDS_ROUTE,
    body: { action: 'add', words: 'helstone' },
  }),
  'PATCH /enrollBetaFeature': () => ({
    method: 'PATCH',
    path: `${API.enrollBetaFeature}?platform=web`,
    body: { beta_feature_name: 'convo_v2', enable_feature: true },
  }),
  'POST /updateSettings': (who, _r, own) => ({
    method: 'POST',
    path: API.updateSettings,
    body: {
      data: {
        avaId: own && who ? who.avaId : people.scribe.avaId,
        firebaseAuthUID: own && who ? (who.uid ?? '') : (people.scribe.uid ?? ''),
        settings: {},
      },
    },
  }),
  'POST /api/v1/users/tts-voice': () => ({ method: 'POST', path: API.ttsVoice, body: { voiceId: 'echo' } }),
  'GET /api/v1/users/tts-voices': () => ({ method: 'GET', path: `${API.ttsVoices}?lang=fr-FR` }),
  'POST /api/v1/users/tts-voices-sample': () => ({
    method: 'POST',
    path: API.ttsVoicesSample,
    body: { lang: 'en-US', gender: 'female' },
  }),
  'GET /api/v1/turnCredentials': () => ({ method: 'GET', path: API.turnCredentials }),
  'GET /api/v1/users/tts-gender-preference': () => ({ method: 'GET', path: API.ttsGenderPreference }),
  'POST /api/v1/users/tts-gender-preference': () => ({
    method: 'POST',
    path: API.ttsGenderPreference,
    body: { gender: 'neutral' },
  }),
  'POST /api/v1/users/me/customToken': (who) => ({
    method: 'POST',
    path: API.customToken,
    body: { idToken: who && 'identityToken' in who.proof ? who.proof.identityToken : 'a.b.c' },
  }),
  'GET /api/v1/translation-languages': () => ({
    method: 'GET',
    path: `${API.translationLanguages}?from=en-US`,
  }),
  // An empty name: answered by the name rule, so nobody creates an organisation while walking.
  'POST /api/v1/organization': () => ({
    method: 'POST',
    path: BUSINESS_API.organization,
    body: { type: 'hr', name: '', role: 'admin', size: '1-10' },
  }),
  // Names no organisation: the walk checks who is let through, and joins or leaves nothing
  // (the walker account belongs to none, so leaving answers notInOrganization).
  'GET /api/v1/organization/invitations': () => ({ method: 'GET', path: BUSINESS_API.myInvitations }),
  'POST /api/v1/organization/invitations/:organization': () => ({
    method: 'POST',
    path: BUSINESS_API.invitation('nowhere-walked'),
  }),
  'DELETE /api/v1/organization/invitations/:organization': () => ({
    method: 'DELETE',
    path: BUSINESS_API.invitation('nowhere-walked'),
  }),
  'POST /api/v1/organization/leave': () => ({ method: 'POST', path: BUSINESS_API.leaveOrganization }),
  'POST /api/v1/workspace/joins-seen': () => ({ method: 'POST', path: BUSINESS_API.workspaceJoinsSeen }),
  'GET /api/v1/find-organizations': () => ({ method: 'GET', path: BUSINESS_API.findOrganizations('walker') }),
  'POST /api/v1/subscription/activate-organization-trial': (who) => ({
    method: 'POST',
    path: BUSINESS_API.activateTrial,
    body: { avaId: who?.avaId ?? 'nobody', channel: 'web', planType: 'Pro' },
  }),
  'GET /api/v1/licences': () => ({ method: 'GET', path: BUSINESS_API.licences }),
  'GET /api/v1/workspace/reporting': () => ({
    method: 'GET',
    path: BUSINESS_API.workspaceReporting(0, 7 * 24 * 3600 * 1000),
  }),
  'POST /api/v1/licences': () => ({
    method: 'POST',
    path: BUSINESS_API.licences,
    body: { interval: 'month', count: 1 },
  }),
  'POST /api/v1/licences/magicLink': () => ({
    method: 'POST',
    path: BUSINESS_API.magicLink,
    body: { licenceId: 'no-such-licence', recipient: 'walked@example.com' },
  }),
  'PATCH /api/v1/licences/:id': () => ({
    method: 'PATCH',
    path: BUSINESS_API.licence(orgLicenceId),
    body: {},
  }),
  'DELETE /api/v1/licences/:id': () => ({ method: 'DELETE', path: BUSINESS_API.licence(orgLicenceId) }),
  'POST /api/v1/billing-portal': () => ({ method: 'POST', path: BUSINESS_API.billingPortal, body: {} }),
  'GET /api/v1/workspace/members': () => ({ method: 'GET', path: BUSINESS_API.workspaceMembers }),
  'GET /api/v1/workspace/reports': () => ({ method: 'GET', path: PROBLEM_REPORT_ROUTES.workspaceReports }),
  // Refused by the handler (an invalid email) once let through: nobody is invited while walking.
  'POST /api/v1/workspace/members': () => ({
    method: 'POST',
    path: BUSINESS_API.workspaceMembers,
    body: { email: 'not-an-email', role: 'member' },
  }),
  // Names nobody in the organisation: the handler's 404 (memberNotFound) is not the table's.
  'PATCH /api/v1/workspace/members/:member': () => ({
    method: 'PATCH',
    path: BUSINESS_API.workspaceMember('nobody-walked'),
    body: { role: 'admin' },
  }),
  'DELETE /api/v1/workspace/members/:member': () => ({
    method: 'DELETE',
    path: BUSINESS_API.workspaceMember('nobody-walked'),
  }),
  // Nobody by that id is a member: the walk grants nothing.
  'POST /api/v1/workspace/members/:member/scribe-time': () => ({
    method: 'POST',
    path: BUSINESS_API.workspaceMemberScribeTime('nobody-walked'),
    body: { minutes: 1 },
  }),
  'GET /api/v1/workspace/organization': () => ({ method: 'GET', path: BUSINESS_API.workspaceOrganization }),
  // An empty change: nothing is renamed while walking.
  'PATCH /api/v1/workspace/organization': () => ({
    method: 'PATCH',
    path: BUSINESS_API.workspaceOrganization,
    body: {},
  }),
  'GET /api/v1/workspace/billing': () => ({ method: 'GET', path: BUSINESS_API.workspaceBilling }),
  'GET /api/v1/workspace/settings': () => ({ method: 'GET', path: BUSINESS_API.workspaceSettings }),
  'PATCH /api/v1/workspace/settings': () => ({
    method: 'PATCH',
    path: BUSINESS_API.workspaceSettings,
    body: {},
  }),
  'GET /api/v1.1/user-credits/:avaId': (who, _r, own) => ({
    method: 'GET',
    path: BUSINESS_API.userCredits(own && who ? who.avaId : people.scribe.avaId),
  }),
  'POST /api/v1/payments/stripe-webhook': () => ({
    method: 'POST',
    path: BUSINESS_API.stripeWebhook,
    body: { id: 'evt_unsigned', object: 'event' },
  }),
  // Unsigned: the access layer lets it through, the handler refuses it (401 unauthorized, not a table refusal).
  'POST /api/v1/meeting-bot/webhook': () => ({ method: 'POST', path: MEETING_BOT_ROUTES.webhook, body: {} }),
  // A second call while the first is on: answered 409 to the host (allowed), refused to others.
  'POST /api/v1/calls': (_w, target) => ({
    method: 'POST',
    path: PHONE_CALL_API.calls,
    body: walkedCall(target.id),
  }),
  'DELETE /api/v1/calls/:sid': (_w, target) => ({
    method: 'DELETE',
    path: PHONE_CALL_API.call(callSids.get(target.id) ?? 'CA00000000000000000000000000000000'),
  }),
  // Unsigned: the access layer lets it through, the handler refuses it (403 unauthorized, not a table refusal).
  'POST /api/v1/calls/status-callback': () => ({
    method: 'POST',
    path: `${PHONE_CALL_ROUTES.statusCallback}?token=walked`,
    body: {},
  }),
  // Answers a checkout page (the stand-in's): nothing is paid while walking.
  'POST /api/v1/scribe-time/checkout': () => ({
    method: 'POST',
    path: BUSINESS_API.buyScribeTime,
    body: { hours: 1 },
  }),
  'GET /api/v1/scribe-eligibility': () => ({ method: 'GET', path: SCRIBE_API.eligibility }),
  'GET /api/v1/scribe-requests': () => ({ method: 'GET', path: SCRIBE_API.requests }),
  'POST /api/v1/scribe-requests/:requestId/accept': () => ({
    method: 'POST',
    path: SCRIBE_API.accept('nosuchrequest'),
    body: {},
  }),
  'POST /api/v1/scribe-requests/:requestId/end': () => ({
    method: 'POST',
    path: SCRIBE_API.end('nosuchrequest'),
    body: {},
  }),
  'POST /api/v1.1/users/beginChat': () => ({
    method: 'POST',
    path: SCRIBE_API.beginChat,
    body: { avaId: people.host.avaId, messageToUser: 'Hello, I am your Scribe.' },
  }),
  'GET /api/v1/scribe-training': () => ({ method: 'GET', path: SCRIBE_API.training }),
  // Names no item: the walk checks who is let through, without playing a recording.
  'GET /api/v1/scribe-training/:name/audio': () => ({
    method: 'GET',
    path: SCRIBE_API.trainingAudio('no-item'),
  }),
  'POST /api/v1/scribe-training/:name/start': () => ({
    method: 'POST',
    path: SCRIBE_API.trainingStart('no-item'),
    body: {},
  }),
  'GET /api/v1/scribe-training/rooms/:roomId/score': (_w, target) => ({
    method: 'GET',
    path: SCRIBE_API.trainingScore(target.id),
  }),
  'GET /*': () => ({ method: 'GET', path: '/index.html' }),
};

interface JsonSchemaNode {
  type?: string | string[];
  properties?: Record<string, JsonSchemaNode>;
  required?: string[];
}
interface OpenApiOperation {
  summary?: string;
  responses?: Record<string, unknown>;
  requestBody?: { content?: Record<string, { schema?: JsonSchemaNode }> };
}
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** The document's operation for a table key (`:param` is `{param}` there). */
function operationOf(doc: OpenApiDocument, key: string): OpenApiOperation | undefined {
  const [method, url] = key.split(' ') as [string, string];
  return doc.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
}

function inErrorShape(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; content?: { message?: unknown } } };
    return (
      ['string', 'number'].includes(typeof body.error?.code) &&
      typeof body.error?.content?.message === 'string'
    );
  } catch {
    return false;
  }
}

/** Routes that check a provider's signature over the raw body before anything else. */
const SIGNED_BEFORE_READ = new Set<string>(['POST /api/v1/meeting-bot/webhook']);

/** Fields the access check reads to find what a request is about: left valid. */
const ACCESS_FIELDS = new Set(['roomId', 'avaId']);

/**
 * A body the schema refuses: the walk's own body with one field of the wrong type (not one the
 * access check reads to find the room or the owner), or the wrong type altogether.
 */
function refusedBody(schema: JsonSchemaNode, valid: unknown): unknown {
  const fields = Object.keys(schema.properties ?? {}).filter((f) => !ACCESS_FIELDS.has(f));
  const field = fields.find((f) => schema.required?.includes(f)) ?? fields[0];
  if (schema.type !== 'object' || !field) return 'not what this route takes';
  const inner = schema.properties![field]!;
  const base = (typeof valid === 'object' && valid !== null && !Array.isArray(valid) ? valid : {}) as Record<
    string,
    unknown
  >;
  // An object field is refused inside, so the fields the access check reads there stay valid.
  if (inner.type === 'object' && inner.properties)
    return { ...base, [field]: refusedBody(inner, base[field]) };
  return { ...base, [field]: inner.type === 'string' ? 42 : 'not a ' + String(inner.type) };
}

/** What the access layer answers when it refuses (other errors come from the handlers). */
const HTTP_REFUSALS = new Set([
  'no-token',
  'account-required',
  'forbidden',
  'room-not-found',
  'token-not-found',
  'room-ended',
  'invalid-credential',
  'accounts-unavailable',
  'scribe-required',
  'call-not-found',
]);

/** Every status the walk met, by route: the OpenAPI document must name each one. */
const statusesMet = new Map<string, Set<number>>();

async function httpAnswer(
  key: string,
  call: Call,
  headers: Record<string, string>,
): Promise<'allowed' | 'refused'> {
  const response = await fetch(`${server.url}${call.path}`, {
    method: call.method,
    headers: { ...headers, ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    redirect: 'manual',
  });
  statusesMet.set(key, (statusesMet.get(key) ?? new Set()).add(response.status));
  const text = await response.text();
  let code: unknown;
  try {
    code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  const refused = [401, 403, 404].includes(response.status) && HTTP_REFUSALS.has(String(code));
  return refused ? 'refused' : 'allowed';
}

const webBuilt = async () => (await fetch(`${server.url}/index.html`)).status === 200;

describe('HTTP routes, every actor', () => {
  it('answers each route as the table says', async () => {
    const mismatches: string[] = [];
    const hasWeb = await webBuilt();
    if (!hasWeb) console.log('GET /* not walked: the web client is not built (npm run build:web)');
    for (const key of Object.keys(HTTP_ACCESS) as HttpRouteKey[]) {
      if (key === 'GET /*' && !hasWeb) continue;
      const row = HTTP_ACCESS[key];
      for (const actor of ACTORS) {
        const cell = row.cells[actor];
        if (cell === 'n/a') continue;
        const { person, room: target } = playerOf(actor);
        const headers = person?.headers ?? {};
        const cases = cell === 'own' ? [true, false] : [false];
        for (const own of cases) {
          const expected = allows(row, actor, own) ? 'allowed' : 'refused';
          const got = await httpAnswer(key, HTTP_CALLS[key](person, target, own), headers);
          if (got !== expected)
            mismatches.push(`${key} as ${actor}${cell === 'own' ? ` (own: ${own})` : ''}: ${got}`);
        }
      }
    }
    expect(mismatches).toEqual([]);

    // Every answer the walk met is in the route's OpenAPI description: its own answers and the
    // common errors of access, validation and the error handler (http/common-answers.ts).
    const doc = (await (await fetch(`${server.url}${API.openapi}`)).json()) as OpenApiDocument;
    const undocumented: string[] = [];
    for (const [key, statuses] of statusesMet) {
      if (key === 'GET /*') continue;
      const documented = Object.keys(operationOf(doc, key)?.responses ?? {});
      for (const status of statuses)
        if (!documented.includes(String(status))) undocumented.push(`${key} ${status}`);
    }
    expect(undocumented).toEqual([]);
  });

  it('has a route for every row (no stale rows)', () => {
    for (const key of Object.keys(HTTP_ACCESS)) {
      if (key === 'GET /*') continue;
      const [method, url] = key.split(' ') as [string, string];
      expect(server.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });

  it('documents every route in the OpenAPI document, with its summary', async () => {
    const doc = (await (await fetch(`${server.url}${API.openapi}`)).json()) as OpenApiDocument;
    const missing = (Object.keys(HTTP_ACCESS) as HttpRouteKey[])
      .filter((key) => key !== 'GET /*')
      .filter((key) => {
        const operation = operationOf(doc, key);
        return !operation?.summary;
      });
    expect(missing).toEqual([]);
  });

  it('answers bad JSON, and a body its schema refuses, with 400 in our error shape on every route', async () => {
    const doc = (await (await fetch(`${server.url}${API.openapi}`)).json()) as OpenApiDocument;
    const wrong: string[] = [];
    for (const key of Object.keys(HTTP_ACCESS) as HttpRouteKey[]) {
      const [method] = key.split(' ') as [string];
      if (method === 'GET') continue;
      const row = HTTP_ACCESS[key];
      const actor = ACTORS.find((a) => row.cells[a] === 'yes' || row.cells[a] === 'own')!;
      const { person, room: target } = playerOf(actor);
      const call = HTTP_CALLS[key](person, target, row.cells[actor] === 'own');
      const headers = { ...(person?.headers ?? {}), 'content-type': 'application/json' };
      const badJson = await fetch(`${server.url}${call.path}`, { method, headers, body: '{"a": ' });
      // A webhook signed over the bytes sent refuses an unsigned request before reading it
      // (its signed bad JSON is 400: tests/unit/server/meeting-bot/webhook-route.test.ts).
      const expected = SIGNED_BEFORE_READ.has(key) ? 401 : 400;
      if (badJson.status !== expected || !inErrorShape(await badJson.text()))
        wrong.push(`${key} bad JSON: ${badJson.status}`);
      const schema = operationOf(doc, key)?.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const response = await fetch(`${server.url}${call.path}`, {
        method,
        headers,
        body: JSON.stringify(refusedBody(schema, call.body)),
      });
      const text = await response.text();
      if (response.status !== 400 || !inErrorShape(text))
        wrong.push(`${key} refused body: ${response.status} ${text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers a NUL in any path parameter with 400 invalid-params, to anyone, before any look-up', async () => {
    const wrong: string[] = [];
    for (const key of Object.keys(HTTP_ACCESS) as HttpRouteKey[]) {
      const [method, url] = key.split(' ') as [string, string];
      if (!url.includes(':')) continue;
      const path = url.replace(/:[A-Za-z]+/g, 'a%00b');
      const response = await fetch(`${server.url}${path}`, { method });
      const text = await response.text();
      if (response.status !== 400 || !inErrorShape(text) || !text.includes('invalid-params'))
        wrong.push(`${key}: ${response.status} ${text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to start a server that registers an API route without its description', async () => {
    const app = Fastify();
    registerAccessControl(app, {
      resolver: new PrincipalResolver(GuestCredentials.withKey(Buffer.alloc(32, 1)), undefined, {
        findByUid: async () => undefined,
      }),
      rooms: {
        find: async () => undefined,
        findByToken: async () => undefined,
        membership: async () => undefined,
      },
      isWebClientFile: () => false,
    });
    // It has a row; what it lacks is its route() description (http/route.ts).
    expect(() => app.get(API.health, async () => ({}))).toThrow(/not described/);
    await app.close();
  });

  it('refuses to start a server that registers a route without a row', async () => {
    const app = Fastify();
    registerAccessControl(app, {
      resolver: new PrincipalResolver(GuestCredentials.withKey(Buffer.alloc(32, 1)), undefined, {
        findByUid: async () => undefined,
      }),
      rooms: {
        find: async () => undefined,
        findByToken: async () => undefined,
        membership: async () => undefined,
      },
      isWebClientFile: () => false,
    });
    expect(() => app.get('/api/v1/secret-new-thing', async () => ({}))).toThrow(
      /no row in the authorisation table/,
    );
    await app.close();
  });
});

/**
 * A message (or a binary frame) that asks for exactly this action. `ownLineId`: a line the actor
 * just typed, for the rows whose `own` cell is about a line of one's own.
 */
const MESSAGES: Record<SocketAction, (ownLineId?: string, ownAvaId?: string) => ClientMessage | Buffer> = {
  'connection-params': () => {
    throw new Error('connection-params is walked on its own');
  },
  ping: () => ({ type: 'ping', clientTimeMs: 1 }),
  'connection-params-update': () => ({ type: 'connection-params-update', downAudio: true }),
  'connection-params-update.usePaidASR': () => ({ type: 'connection-params-update', usePaidASR: false }),
  'connection-params-update.conversationMode': () => ({
    type: 'connection-params-update',
    conversationMode: 'public',
  }),
  'connection-params-update.state': () => ({ type: 'connection-params-update', state: { value: 'ended' } }),
  'connection-params-update.saveTranscript': () => ({
    type: 'connection-params-update',
    saveTranscript: true,
  }),
  'update-title': () => ({ type: 'update-title', title: 'Walked' }),
  // Not a member: the host's message reaches its handler (answered invalid-message), others refused.
  'update-transcript-owner': () => ({ type: 'update-transcript-owner', avaId: 'nobody-here', owner: true }),
  'connection-params-update.requireAdmission': () => ({
    type: 'connection-params-update',
    requireAdmission: false,
  }),
  'connection-request-answer': () => ({
    type: 'connection-request-answer',
    id: 'nobodywaiting',
    accept: false,
  }),
  'audio.start': () => ({
    type: 'audio',
    action: 'start',
    metadata: {
      lang: 'en-US',
      format: 'pcm_s16le',
      sampleRateHz: SAMPLE_RATE_HZ,
      recordingMode: 'cli',
      chunkLengthMs: 60,
      recordingStart: Date.now(),
    },
  }),
  'audio.stop': () => ({ type: 'audio', action: 'stop' }),
  'audio-frame': () => Buffer.alloc(CHUNK_BYTES),
  // Nobody here is setting up WebRTC: an allowed actor is told so (not a refusal), the others refused.
  webrtc: () => ({ type: 'webrtc', iceCandidate: { candidate: '', sdpMid: '0' } }),
  'webrtc-track-metadata': () => ({
    type: 'webrtc-track-metadata',
    trackId: 'walked-track',
    kind: 'microphone',
  }),
  'reset-recorder': () => ({ type: 'reset-recorder' }),
  // Nobody here records over WebRTC: an allowed actor is told so (not a refusal), the others refused.
  'webrtc-track-mute': () => ({ type: 'webrtc-track-mute', trackId: 'walked-track', muted: true }),
  // The host's language unless the actor's own avaId is given (an English one: served here).
  'change-speaker-language': (_line, ownAvaId) => ({
    type: 'change-speaker-language',
    language: 'en-GB',
    targetAvaId: ownAvaId ?? people.host!.avaId,
  }),
  mbackend: () => ({ type: 'mbackend', content: 'walked note' }),
  'signal-i-am-typing': () => ({ type: 'signal-i-am-typing', fromUser: true }),
  'typed-message': () => ({ type: 'typed-message', text: 'Can everyone hear me?' }),
  'assign-voicing-speaker-name': () => ({
    type: 'assign-voicing-speaker-name',
    speakerId: 'voicing-walkedspeaker1',
    speakerName: 'Walked Speaker',
  }),
  'assign-voicing-speaker-myself': () => ({
    type: 'assign-voicing-speaker-myself',
    speakerId: 'voicing-walkedspeaker1',
  }),
  // Someone else's line (the host's typed one, made in beforeAll) unless the actor's own is given.
  'assign-bloc-different-speaker': (ownLineId) => ({
    type: 'assign-bloc-different-speaker',
    blocId: ownLineId ?? hostLineId,
    speakerId: 'voicing-walkedspeaker2',
  }),
  'request-text-to-speech': () => ({
    type: 'request-text-to-speech',
    requestId: 'walker1',
    text: 'Can everyone hear me?',
    voiceId: 'openai-nova',
  }),
  'set-reading-language': () => ({ type: 'set-reading-language', lang: 'es' }),
  'set-curse-filter': () => ({ type: 'set-curse-filter', level: 3 }),
  'auto-translate-toggle': () => ({ type: 'auto-translate-toggle' }),
  'auto-translate-set-guest-language': () => ({ type: 'auto-translate-set-guest-language', language: 'es' }),
  'force-mute': () => ({ type: 'force-mute', avaId: 'nobody-recording' }),
  // A guest host is not entitled to prolong: the room answers not-entitled, which is past the table.
  'prolong-restricted-session': () => ({ type: 'prolong-restricted-session' }),
  // Not a meeting link: the walk sends no bot anywhere, yet the host's request reaches its handler.
  'request-ava-bot': () => ({
    type: 'request-ava-bot',
    speechLang: 'en-US',
    meetingUrl: 'https://example.com/not-a-meeting',
  }),
  'end-ava-bot': () => ({ type: 'end-ava-bot' }),
  'update-ava-bot-speech-lang': () => ({ type: 'update-ava-bot-speech-lang', speechLang: 'fr-FR' }),
  'ava-bot-text-to-speech': () => ({ type: 'ava-bot-text-to-speech', text: 'Hello meeting' }),
  close: () => ({ type: 'close' }),
  'close.ending': () => ({ type: 'close', reason: 'max_convo_time_reached' }),
  'connection-params-update.editingDisabled': () => ({
    type: 'connection-params-update',
    editingDisabled: false,
  }),
  // The host's typed line: a cursor on it (no text changes, so every actor's try finds it as it was).
  'transcript-edit': () => ({
    type: 'transcript-edit',
    transcriptId: hostLineId,
    mutation: { id: 'walkedcursor', parent: 0, origin: 'human', type: 'cursor', mutatorHash: '', index: 0 },
  }),
  // Asked while the host has turned members' editing off (socketAnswer does that first).
  'transcript-edit.restricted': () => ({
    type: 'transcript-edit',
    transcriptId: hostLineId,
    mutation: {
      id: 'walkedrestricted',
      parent: 0,
      origin: 'human',
      type: 'cursor',
      mutatorHash: '',
      index: 0,
    },
  }),
  'transcript-edit.changeSpeaker': (ownLineId) => ({
    type: 'transcript-edit',
    transcriptId: ownLineId ?? hostLineId,
    mutation: {
      id: `walkedspeaker${Math.random().toString(36).slice(2, 10)}`,
      parent: 0,
      origin: 'human',
      type: 'changeSpeaker',
      speakerId: 'voicing-walkedspeaker2',
    },
  }),
  'transcripts-since': () => ({ type: 'transcripts-since', afterSeq: 0 }),
  'transcripts-before': () => ({ type: 'transcripts-before', beforeIndex: 1 }),
  'request-scribe': () => ({ type: 'request-scribe', correctionMode: 'fast' }),
  'cancel-scribe': () => ({ type: 'cancel-scribe' }),
  'update-scribe-correction-mode': () => ({
    type: 'update-scribe-correction-mode',
    correctionMode: 'accurate',
  }),
  'scribe-chat': () => ({ type: 'scribe-chat', text: 'Can you hear the speaker well?' }),
  'access-boost-words': () => ({ type: 'access-boost-words', action: 'list' }),
  boost: () => ({ type: 'boost', enabled: true }),
  'user-query': () => ({ type: 'user-query', avaNameStartsWith: 'nobody-here' }),
  'connection-request': () => ({
    type: 'connection-request',
    fromSource: 'name',
    id: 'walkinvite',
    to: 'nobody-here',
    role: 'participant',
  }),
  'connection-invitation-answer': () => ({
    type: 'connection-invitation-answer',
    id: 'walkinvite',
    accept: false,
  }),
};

const SOCKET_REFUSALS = new Set(['forbidden', 'room-ended', 'not-connected']);

/** A line the host typed in the walked room: someone else's line for every other actor. */
let hostLineId = 'no-line-yet';

/** Types a line on a member's socket and answers its id once it is stored and shown. */
async function typeLine(ws: WebSocket, received: ServerMessage[], author: string): Promise<string> {
  const mark = received.length;
  ws.send(JSON.stringify({ type: 'typed-message', text: 'A line of my own.' }));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const shown = received
      .slice(mark)
      .find(
        (m) => m.type === 'transcript' && m.transcript.author === author && m.transcript.origin === 'human',
      );
    if (shown && shown.type === 'transcript') return shown.transcript.id;
    if (Date.now() > deadline) throw new Error(`${author}: the typed line never came back`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Sends one action on a socket of `actor` (a member's connection to its room, or an unconnected
 * socket for those who are not in it), then a ping: the answers before the PONG say whether it
 * was refused. The host ending a room does so in a room of its own.
 */
async function socketAnswer(action: SocketAction, actor: Actor, own = false): Promise<'allowed' | 'refused'> {
  const { person, room: target } = playerOf(actor);
  let ws: WebSocket;
  let received: ServerMessage[];
  const member = !['outsider', 'guest', 'account'].includes(actor);
  if (member) {
    let roomId = target.id;
    // In a room of the host's own: ending the walked room, or sending its Scribe away for good.
    if (
      actor === 'host' &&
      (action === 'connection-params-update.state' || action === 'close.ending' || action === 'cancel-scribe')
    ) {
      roomId = makeRoomId(person!.avaId);
    }
    const role = actor === 'scribe' ? 'scribe' : 'participant';
    ({ ws, received } = await connectAs(person, roomId, { role }));
    expect(received[0]?.type, `${actor} connects`).toBe('connection-succeeded');
  } else {
    ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}${SOCKET_PATH}`);
    received = [];
    ws.on('message', (data, binary) => {
      if (!binary) received.push(JSON.parse(data.toString()) as ServerMessage);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }
  const ownLineId = own ? await typeLine(ws, received, person!.avaId) : undefined;
  if (action === 'transcript-edit.restricted') await setEditingDisabled(true);
  const mark = received.length;
  const message = MESSAGES[action](ownLineId, own ? person!.avaId : undefined);
  ws.send(Buffer.isBuffer(message) ? message : JSON.stringify(message), { binary: Buffer.isBuffer(message) });
  if (action !== 'close' && action !== 'close.ending')
    ws.send(JSON.stringify({ type: 'ping', clientTimeMs: 2 }));
  const deadline = Date.now() + 10_000;
  let outcome: 'allowed' | 'refused' | undefined;
  while (!outcome) {
    const refusal = received.slice(mark).find((m) => m.type === 'error' && SOCKET_REFUSALS.has(m.error.code));
    if (refusal) outcome = 'refused';
    else if (received.slice(mark).some((m) => m.type === 'PONG' && m.clientTimeMs === 2)) {
      // A frame that reached the room is answered (recording-not-started: nobody here records);
      // one the room never took is dropped without a word (frames in flight after the end).
      const reachedRoom = received.slice(mark).some((m) => m.type === 'error');
      outcome = action === 'audio-frame' && !reachedRoom ? 'refused' : 'allowed';
    } else if (ws.readyState === ws.CLOSED) outcome = 'allowed';
    else if (Date.now() > deadline) throw new Error(`${action} as ${actor}: no answer`);
    else await new Promise((r) => setTimeout(r, 10));
  }
  ws.close();
  if (action === 'transcript-edit.restricted') await setEditingDisabled(false);
  return outcome;
}

/** The walked room's host turns members' corrections off or on, and waits for the room to say so. */
async function setEditingDisabled(disabled: boolean): Promise<void> {
  const mark = hostClient.received.length;
  hostClient.send({ type: 'connection-params-update', editingDisabled: disabled });
  await hostClient.waitFor(
    (m) => m.type === 'room-status-update' && (m.status.editingDisabled ?? false) === disabled,
    10_000,
    mark,
  );
}

describe('socket actions, every actor', () => {
  it('lets connection-params through only with a proof of who connects', async () => {
    const outsider = await connectAs(undefined, makeRoomId('nobody0000000000000000'));
    expect(outsider.first).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    outsider.ws.close();
    for (const actor of ['guest', 'account'] as const) {
      const { person } = playerOf(actor);
      const own = await connectAs(person, makeRoomId(person!.avaId));
      expect(own.first.type, actor).toBe(
        allows(SOCKET_ACCESS['connection-params'], actor) ? 'connection-succeeded' : 'error',
      );
      own.ws.close();
    }
  });

  it('answers each action as the table says', async () => {
    const mismatches: string[] = [];
    for (const action of Object.keys(SOCKET_ACCESS) as SocketAction[]) {
      if (action === 'connection-params') continue;
      for (const actor of ACTORS) {
        const cell = SOCKET_ACCESS[action].cells[actor];
        if (cell === 'n/a') continue;
        for (const own of cell === 'own' ? [true, false] : [false]) {
          const expected = allows(SOCKET_ACCESS[action], actor, own) ? 'allowed' : 'refused';
          const got = await socketAnswer(action, actor, own);
          if (got !== expected)
            mismatches.push(`${action} as ${actor}${cell === 'own' ? ` (own: ${own})` : ''}: ${got}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
