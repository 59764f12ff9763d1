/**
 * Transcript owners through the real server (the spec's update-transcript-owner and the room
 * status's transcriptOwners): only the host names them; everyone's status lists them, the host
 * first; after a conversation whose host did not allow saving, an owner still reads the transcript
 * back, saves it and finds it in their saved transcripts, and a member who is not one does not.
 * Stored: a restarted server keeps them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest, guestHeaders } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

const dataDir = tempDataDir();
let server: TestServer;
const open: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer({ dataDir });
});

afterAll(async () => {
  for (const c of open) await c.close();
  await server?.close();
  removeDataDir(dataDir);
});

async function call(method: string, path: string, user: GuestUserWithCredential) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...guestHeaders(user), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const owners = (m: ServerMessage) =>
  m.type === 'room-status-update' ? m.status.transcriptOwners : undefined;

it('the host names an owner, who keeps the transcript when others may not read it back', async () => {
  const hostUser = await createGuest(server.url, 'Olu Host');
  const host = await CaptionClient.connect(server.url, { user: hostUser });
  open.push(host);
  const join = async (name: string) => {
    const user = await createGuest(server.url, name);
    const client = await CaptionClient.connect(server.url, {
      user,
      roomId: host.roomId,
      token: host.linkToken('rw'),
    });
    open.push(client);
    return { user, client };
  };
  const owner = await join('Pat Owner');
  const other = await join('Quin Other');
  const first = host.received.find((r) => r.message.type === 'room-status')!.message;
  expect(first.type === 'room-status' && first.status.transcriptOwners).toEqual([hostUser.avaId]);

  // Only the host names owners.
  const mark = other.client.received.length;
  other.client.send({ type: 'update-transcript-owner', avaId: other.user.avaId, owner: true });
  expect(await other.client.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
    error: { code: 'forbidden' },
    inReplyTo: 'update-transcript-owner',
  });
  host.send({ type: 'update-transcript-owner', avaId: owner.user.avaId, owner: true });
  await other.client.waitFor(
    (m) => JSON.stringify(owners(m)) === JSON.stringify([hostUser.avaId, owner.user.avaId]),
    5000,
  );
  // Someone never in the room cannot be named.
  const hostMark = host.received.length;
  host.send({ type: 'update-transcript-owner', avaId: 'guest_neverhere', owner: true });
  expect(await host.waitFor((m) => m.type === 'error', 5000, hostMark)).toMatchObject({
    error: { code: 'invalid-message' },
  });

  host.send({ type: 'typed-message', text: 'The results are confidential.', lang: 'en-US' });
  await host.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 5000);
  host.send({ type: 'connection-params-update', saveTranscript: false });
  await host.waitFor(
    (m) => m.type === 'room-status-update' && m.status.confidential?.allowTranscriptsSaving === false,
    5000,
  );
  host.send({ type: 'connection-params-update', state: { value: 'ended' } });
  await host.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);

  expect((await call('GET', API.roomTranscripts(host.roomId), owner.user)).status).toBe(200);
  expect(await call('GET', API.roomTranscripts(host.roomId), other.user)).toMatchObject({
    status: 403,
    body: { error: { code: 'transcript-not-shared' } },
  });
  expect((await call('POST', API.roomSavedTranscript(host.roomId), owner.user)).status).toBe(201);
  expect((await call('POST', API.roomSavedTranscript(host.roomId), other.user)).status).toBe(403);
  const listed = await call('GET', `${API.savedTranscripts}?avaId=${owner.user.avaId}`, owner.user);
  expect((listed.body.savedTranscripts as { roomId: string }[]).map((s) => s.roomId)).toEqual([host.roomId]);

  // Stored with the room: after a restart the owner still reads it.
  await server.close();
  server = await startTestServer({ dataDir });
  expect((await call('GET', API.roomTranscripts(host.roomId), owner.user)).status).toBe(200);
});
