/**
 * A room that requires admission (conversation.md section 4, Joining: none, requested,
 * accepted; a refused connection shows its reason): newcomers wait at the door, the host lets
 * them in or refuses them, members come back without waiting, and nobody waits for a host who
 * is not there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { knock as knockAt } from '../helpers/door';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
  removeDataDir(server.dataDir);
});

const knock = (user: GuestUserWithCredential, roomId: string, token: string) =>
  knockAt(server.url, user, roomId, token);

async function hostRequiringAdmission(name: string, before?: (host: CaptionClient) => Promise<void>) {
  const host = await CaptionClient.connect(server.url, { user: await createGuest(server.url, name) });
  await before?.(host);
  host.send({ type: 'connection-params-update', requireAdmission: true });
  await host.waitFor((m) => m.type === 'room-status-update' && m.status.admissionRequired === true, 5000);
  return host;
}

describe('admission', () => {
  it('keeps a newcomer at the door until the host lets them in, then joins them', async () => {
    const host = await hostRequiringAdmission('Door Host');
    const newcomer = await createGuest(server.url, 'Nia Newcomer');
    const door = await knock(newcomer, host.roomId, host.linkToken('rw'));
    const requested = await door.until((m) => m.type === 'connection-response');
    expect(requested).toMatchObject({ status: 'requested' });
    // Nothing of the room reaches someone still waiting.
    expect(door.received.some((m) => m.type === 'room-status' || m.type === 'transcripts')).toBe(false);
    // Waiting does not silence the socket: pings are answered.
    door.ws.send(JSON.stringify({ type: 'ping', clientTimeMs: 5 }));
    await door.until((m) => m.type === 'PONG');

    const asked = (await host.waitFor((m) => m.type === 'connection-request', 5000)) as Extract<
      ServerMessage,
      { type: 'connection-request' }
    >;
    expect(asked).toMatchObject({
      to: host.roomId,
      from: { avaId: newcomer.avaId, userName: 'Nia Newcomer' },
    });
    expect(asked.id).toBe((requested as { id: string }).id);
    host.send({ type: 'connection-request-answer', id: asked.id, accept: true });
    await door.until((m) => m.type === 'connection-response' && m.status === 'accepted');
    await door.until((m) => m.type === 'connection-succeeded');
    await door.until((m) => m.type === 'room-status');
    await host.waitFor((m) => m.type === 'connection-request-closed' && m.id === asked.id, 5000);
    door.ws.close();

    // A member comes back without waiting.
    const again = await CaptionClient.connect(server.url, { user: newcomer, roomId: host.roomId });
    expect(again.received[0]!.message.type).toBe('connection-succeeded');
    await again.close();
    await host.close();
  });

  it('tells the newcomer the host refused, and lets nobody but the host answer', async () => {
    let member: CaptionClient | undefined;
    // Someone already in the room before the host closed the door.
    const host = await hostRequiringAdmission('Strict Host', async (h) => {
      member = await CaptionClient.connect(server.url, {
        user: await createGuest(server.url, 'Existing Member'),
        roomId: h.roomId,
        token: h.linkToken('rw'),
      });
    });
    if (!member) throw new Error('the member did not join');
    const door = await knock(await createGuest(server.url, 'Uninvited'), host.roomId, host.linkToken('rw'));
    await door.until((m) => m.type === 'connection-response');
    const asked = (await host.waitFor((m) => m.type === 'connection-request', 5000)) as { id: string };
    // Members are not asked, and cannot answer.
    expect(member.received.some((r) => r.message.type === 'connection-request')).toBe(false);
    const mark = member.received.length;
    member.send({ type: 'connection-request-answer', id: asked.id, accept: true });
    expect(await member.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'forbidden' },
    });
    host.send({ type: 'connection-request-answer', id: asked.id, accept: false });
    expect(
      await door.until((m) => m.type === 'connection-response' && m.status !== 'requested'),
    ).toMatchObject({
      status: 'refused',
      reason: 'rejected-by-user',
    });
    expect(door.received.some((m) => m.type === 'connection-succeeded')).toBe(false);
    door.ws.close();
    await member.close();
    await host.close();
  });

  it('does not keep anyone waiting for a host who is not there', async () => {
    const host = await hostRequiringAdmission('Absent Host');
    const token = host.linkToken('rw');
    const roomId = host.roomId;
    await host.close();
    const door = await knock(await createGuest(server.url, 'Too Early'), roomId, token);
    expect(
      await door.until((m) => m.type === 'connection-response' && m.status !== 'requested'),
    ).toMatchObject({
      status: 'refused',
      reason: 'timeout',
    });
    door.ws.close();
  });
});
