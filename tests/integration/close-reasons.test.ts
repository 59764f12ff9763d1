/**
 * Close reasons through the real server (conversation.md, Close reasons): someone who is not
 * the host leaves with `closed`, `last_guest_left` or `host_left` and the room goes on; a reason
 * that ends the room (`app_terminated`, `max_convo_time_reached`) is refused from them and ends
 * the room, stored and told to everyone, when the host sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { RoomTranscriptsResponse } from '../../src/shared/api';
import type { ServerMessageOf } from '../../src/shared/protocol';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
const open: CaptionClient[] = [];

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  for (const client of open) await client.close().catch(() => undefined);
  await server?.close();
  removeDataDir(server?.dataDir);
});

async function roomWithGuests(count: number) {
  const hostUser = await createGuest(server.url, 'Ada Host');
  const host = await CaptionClient.connect(server.url, { user: hostUser });
  open.push(host);
  const status = host.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const guests: CaptionClient[] = [];
  for (let i = 0; i < count; i++) {
    const user = await createGuest(server.url, `Guest ${i}`);
    const found = await resolveRoomName(server.url, status.status.name!, user);
    const guest = await CaptionClient.connect(server.url, { user, roomId: found.roomId, token: found.token });
    open.push(guest);
    guests.push(guest);
  }
  return { host, hostUser, guests };
}

async function stateOf(roomId: string, user: GuestUserWithCredential) {
  const response = await fetch(`${server.url}${API.roomTranscripts(roomId)}`, {
    headers: guestHeaders(user),
  });
  return ((await response.json()) as RoomTranscriptsResponse).status.state.value;
}

const closed = (client: CaptionClient) =>
  new Promise<void>((resolve) => {
    if (client.closedBy) resolve();
    else client.ws.once('close', () => resolve());
  });

describe('close reasons', () => {
  it('lets someone who is not the host leave, whatever their reason, and the room goes on', async () => {
    const { host, hostUser, guests } = await roomWithGuests(3);
    for (const [guest, reason] of [
      [guests[0]!, 'closed'],
      [guests[1]!, 'host_left'],
      [guests[2]!, 'last_guest_left'],
    ] as const) {
      const mark = host.received.length;
      guest.send({ type: 'close', reason });
      await closed(guest);
      await host.waitFor(
        (m) => m.type === 'room-status-update' && m.reason === 'participant-left',
        5000,
        mark,
      );
    }
    expect(await stateOf(host.roomId, hostUser)).toBe('ongoing');
  });

  it('refuses a reason that ends the room from someone who is not the host', async () => {
    const { host, hostUser, guests } = await roomWithGuests(1);
    const guest = guests[0]!;
    const mark = guest.received.length;
    guest.send({ type: 'close', reason: 'app_terminated' });
    const refusal = await guest.waitFor((m) => m.type === 'error', 5000, mark);
    expect(refusal).toMatchObject({ type: 'error', error: { code: 'forbidden' } });
    expect(guest.ws.readyState).toBe(guest.ws.OPEN);
    expect(await stateOf(host.roomId, hostUser)).toBe('ongoing');
  });

  it('ends the room for everyone when the host sends one, and stores it', async () => {
    for (const [reason, told] of [
      ['app_terminated', 'ended'],
      // The time limit's end is told with the spec's own reason.
      ['max_convo_time_reached', 'room-ended-due-to-convo-restricted-session'],
    ] as const) {
      const { host, hostUser, guests } = await roomWithGuests(1);
      host.send({ type: 'close', reason });
      await guests[0]!.waitFor((m) => m.type === 'room-status-update' && m.reason === told, 10_000);
      expect(await stateOf(host.roomId, hostUser)).toBe('ended');
    }
  });
});
