/**
 * Conversation limits through the real server (shared/session-limits.ts): the host's tier sets
 * when the conversation ends (Basic 40 min for a guest host; Premium 2 h where everyone has it),
 * stored so a restarted server keeps it; only an entitled host prolongs; the host's force-mute
 * stops a guest's microphone and tells them; auto stop (shortened to AUTO_STOP_SECONDS here)
 * stops a free solo conversation, and not a free host's room where a guest reads along. The
 * limit's own end and auto stop's finer rules run on a fake clock in
 * tests/unit/server/rooms/room-session.test.ts.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ConversationStatus } from '../../src/shared/entities';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { BASIC_CONVERSATION_LIMIT_MS, PREMIUM_CONVERSATION_LIMIT_MS } from '../../src/shared/constants';
import { AUTO_STOPPED_REASON } from '../../src/shared/session-limits';
import { LIMIT_VARIABLES } from '../../src/server/limits';

const dirs: string[] = [];
let servers: TestServer[] = [];
let clients: CaptionClient[] = [];

afterEach(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  for (const server of servers) await server.close().catch(() => undefined);
  clients = [];
  servers = [];
});
afterAll(() => {
  for (const dir of dirs) removeDataDir(dir);
});

async function serve(env: Record<string, string> = {}, dataDir = tempDataDir()) {
  if (!dirs.includes(dataDir)) dirs.push(dataDir);
  const server = await startTestServer({ dataDir, env });
  servers.push(server);
  return server;
}

/** The latest room status a client was sent. */
function latestStatus(client: CaptionClient): ConversationStatus {
  const last = client.received
    .map((r) => r.message)
    .findLast((m) => m.type === 'room-status' || m.type === 'room-status-update');
  if (!last || (last.type !== 'room-status' && last.type !== 'room-status-update'))
    throw new Error('no status');
  return last.status;
}

async function hostWithSession(server: TestServer, user?: Awaited<ReturnType<typeof createGuest>>) {
  const hostUser = user ?? (await createGuest(server.url, 'Ada Host'));
  const host = await CaptionClient.connect(server.url, { user: hostUser });
  clients.push(host);
  await host.waitFor(
    (m) =>
      (m.type === 'room-status' || m.type === 'room-status-update') &&
      m.status.restrictedSession !== undefined,
    10_000,
  );
  return { host, hostUser, session: latestStatus(host).restrictedSession! };
}

describe('restricted sessions', () => {
  it('gives a guest host’s conversation the Basic 40 minutes, kept across a restart', async () => {
    const dataDir = tempDataDir();
    const server = await serve({}, dataDir);
    const { host, hostUser, session } = await hostWithSession(server);
    const start = latestStatus(host).startTimestampMs;
    expect(session).toEqual({
      tier: 'basic',
      endsAtMs: start + BASIC_CONVERSATION_LIMIT_MS,
      prolongable: false,
    });

    // Prolonging is not in a guest's plan: the room says so, and nothing moves.
    const mark = host.received.length;
    host.send({ type: 'prolong-restricted-session' });
    const refusal = await host.waitFor((m) => m.type === 'error', 5000, mark);
    expect(refusal).toMatchObject({ error: { code: 'not-entitled' } });

    await host.close();
    await server.close();
    servers = [];
    const again = await serve({}, dataDir);
    const back = await CaptionClient.connect(again.url, { user: hostUser, roomId: host.roomId });
    clients.push(back);
    expect(latestStatus(back).restrictedSession?.endsAtMs).toBe(start + BASIC_CONVERSATION_LIMIT_MS);
  });

  it('gives Premium two hours where everyone has it, and lets the host prolong by another two', async () => {
    const server = await serve({ HEARKEN_PREMIUM_FOR: 'everyone' });
    const { host, session } = await hostWithSession(server);
    const start = latestStatus(host).startTimestampMs;
    expect(session).toEqual({
      tier: 'premium',
      endsAtMs: start + PREMIUM_CONVERSATION_LIMIT_MS,
      prolongable: true,
    });
    const mark = host.received.length;
    host.send({ type: 'prolong-restricted-session' });
    const update = await host.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'restricted-session-prolonged',
      5000,
      mark,
    );
    expect(update.type === 'room-status-update' && update.status.restrictedSession?.endsAtMs).toBe(
      start + 2 * PREMIUM_CONVERSATION_LIMIT_MS,
    );
  });
});

describe('force-mute', () => {
  it('stops a guest’s microphone when the host says so, and tells the guest; a guest may not', async () => {
    const server = await serve();
    const { host } = await hostWithSession(server);
    const guestUser = await createGuest(server.url, 'Bo Guest');
    const found = await resolveRoomName(server.url, latestStatus(host).name!, guestUser);
    const guest = await CaptionClient.connect(server.url, {
      user: guestUser,
      roomId: found.roomId,
      token: found.token,
    });
    clients.push(guest);

    // A guest cannot mute the host.
    let mark = guest.received.length;
    guest.send({ type: 'force-mute', avaId: host.user.avaId });
    expect(await guest.waitFor((m) => m.type === 'error', 5000, mark)).toMatchObject({
      error: { code: 'forbidden' },
    });

    guest.startAudio();
    await host.waitFor((m) => m.type === 'room-status-update' && m.status.audioStreams.length === 1, 5000);
    mark = guest.received.length;
    host.send({ type: 'force-mute', avaId: guestUser.avaId });
    expect(await guest.waitFor((m) => m.type === 'recording-stopped', 5000, mark)).toEqual({
      type: 'recording-stopped',
      reason: 'force-mute',
    });
    await host.waitFor((m) => m.type === 'room-status-update' && m.status.audioStreams.length === 0, 5000);
  });
});

describe('auto stop', () => {
  /** The spec's 100 s, shortened so a test waits seconds; a silent recording is not stopped meanwhile. */
  const AUTO_STOP_SECONDS = 2;
  const shortAutoStop = {
    [LIMIT_VARIABLES.autoStopMs]: String(AUTO_STOP_SECONDS),
    [LIMIT_VARIABLES.streamSilentMs]: '120',
  };

  async function recording(client: CaptionClient) {
    const mark = client.received.length;
    client.startAudio();
    await client.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started',
      10_000,
      mark,
    );
  }

  it('does not stop a free host’s captions while a guest reads them in the room, and does once they leave', async () => {
    const server = await serve(shortAutoStop);
    const { host } = await hostWithSession(server);
    const guestUser = await createGuest(server.url, 'Bo Reader');
    const found = await resolveRoomName(server.url, latestStatus(host).name!, guestUser);
    // The guest reads on their own phone: connected, never recording.
    const reader = await CaptionClient.connect(server.url, {
      user: guestUser,
      roomId: found.roomId,
      token: found.token,
    });
    clients.push(reader);
    await recording(host);

    await new Promise((resolve) => setTimeout(resolve, 3 * AUTO_STOP_SECONDS * 1000));
    expect(host.received.some((r) => r.message.type === 'recording-stopped')).toBe(false);
    expect(latestStatus(reader).audioStreams).toHaveLength(1);
    expect(
      reader.received.some(
        (r) => r.message.type === 'room-status-update' && r.message.reason === AUTO_STOPPED_REASON,
      ),
    ).toBe(false);

    // The guest leaves: a solo conversation now, whose count starts then.
    await reader.close();
    expect(await host.waitFor((m) => m.type === 'recording-stopped', 10_000)).toEqual({
      type: 'recording-stopped',
      reason: 'auto-stop',
    });
  });

  it('stops a free host alone, and tells every device of theirs in the room why', async () => {
    const server = await serve(shortAutoStop);
    const { host, hostUser } = await hostWithSession(server);
    // The host's tablet reads the same room: the same person, so still a solo conversation.
    const tablet = await CaptionClient.connect(server.url, { user: hostUser, roomId: host.roomId });
    clients.push(tablet);
    const started = Date.now();
    await recording(host);

    expect(await host.waitFor((m) => m.type === 'recording-stopped', 10_000)).toEqual({
      type: 'recording-stopped',
      reason: 'auto-stop',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(AUTO_STOP_SECONDS * 1000 - 100);
    const told = await tablet.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === AUTO_STOPPED_REASON,
      10_000,
    );
    expect(told.type === 'room-status-update' && told.status.audioStreams).toEqual([]);
  });
});
