/**
 * Three cluster nodes (their own processes), one PostgreSQL database and NATS: a speaker on node
 * A and readers on B and C see the same captions (real PocketSphinx, real speech); node A is
 * killed mid-sentence and the conversation goes on at another node, every final present exactly
 * once for every reader; a node paused past its lease (SIGSTOP) while another takes its room
 * never writes to it after waking. And the fencing write itself, directly against PostgreSQL.
 */
import { tmpdir } from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import type { Transcript } from '../../src/shared/entities';
import { randomId } from '../../src/shared/ids';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import { openDatabase } from '../../src/server/db/connect';
import { FencedOut, PostgresLeaseStore, fenceCheck } from '../../src/server/cluster/lease-store';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { type ClusterNodeProcess, stopClusterNode } from '../../scripts/lib/cluster-nodes';
import { startHaproxy } from '../../scripts/lib/haproxy-config';
import type { ChildProcess } from 'node:child_process';
import { inviteToken } from '../helpers/outage-conversation';
import { streamStopped } from '../helpers/speak';
import { devSamples } from '../helpers/speech';
import { TranscriptFollower } from '../helpers/transcript-follower';
import { clusterNodeNames, startThreeNodes } from '../helpers/cluster-harness';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_cluster');
const NODES = clusterNodeNames('main');
const PORTS = { a: 7611, b: 7612, c: 7613, proxy: 7614 };
const SPEED = 2;

const words = (t: Transcript) => t.texts[t.speechLang] ?? '';

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Streams `samples` paced like a microphone until done or `stop()` says so. */
async function stream(client: CaptionClient, samples: Int16Array, stop: () => boolean = () => false) {
  const pacer = new ChunkPacer(SPEED);
  for (let i = 0; i < samples.length && !stop(); i += CHUNK_SAMPLES) {
    await pacer.next();
    if (client.ws.readyState !== client.ws.OPEN) return;
    client.sendAudio(samples.subarray(i, i + CHUNK_SAMPLES));
  }
}

describe('three cluster nodes sharing PostgreSQL and NATS', () => {
  const nodes: Partial<Record<'a' | 'b' | 'c', ClusterNodeProcess>> = {};
  let db: pg.Client;

  beforeAll(async () => {
    await admin(`create database ${database}`);
    await startThreeNodes({ names: NODES, ports: PORTS, databaseUrl, nodes });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
  });

  let proxy: ChildProcess | undefined;

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(Object.values(nodes).map((n) => stopClusterNode(n)));
    await db?.end();
    await admin(`drop database if exists ${database} with (force)`);
  });

  const stored = async (roomId: string) =>
    (
      await db.query<{ id: string; idx: number; text: string }>(
        'select id, idx, text from transcripts where room_id = $1 order by idx',
        [roomId],
      )
    ).rows;
  const owner = async (roomId: string) =>
    (
      await db.query<{ node: string }>(
        'select node from cluster_room_leases where room_id = $1 and expires_at > clock_timestamp()',
        [roomId],
      )
    ).rows[0]?.node;

  it('serves one conversation from every node, and goes on without the node that owned it', async () => {
    const { a, b, c } = nodes as Record<'a' | 'b' | 'c', ClusterNodeProcess>;
    const speakerUser = await createGuest(b.url, 'Ada Speaker');
    let speaker = await CaptionClient.connect(a.url, { user: speakerUser });
    const roomId = speaker.roomId;
    expect(await owner(roomId)).toBe(NODES.a);
    const token = inviteToken(speaker);
    const readerUsers = [await createGuest(c.url, 'Bo Reader'), await createGuest(a.url, 'Cy Reader')];
    const readers = [
      await CaptionClient.connect(b.url, { user: readerUsers[0]!, roomId, token }),
      await CaptionClient.connect(c.url, { user: readerUsers[1]!, roomId, token }),
    ];
    const follow = [new TranscriptFollower(), new TranscriptFollower()];
    follow.forEach((f, i) => f.follow(readers[i]!));
    const speakerView = new TranscriptFollower();
    speakerView.follow(speaker);

    // 1. Speech on A, captions on B and C: the same finals, word for word.
    speaker.startAudio();
    const mark = speaker.received.length;
    await stream(speaker, devSamples('1089-134686-0000.wav'));
    await stream(speaker, new Int16Array(16_000));
    speaker.stopAudio();
    await streamStopped(speaker, speakerUser.avaId, mark);
    const firstSeq = speakerView.seq!;
    for (const f of follow) await f.caughtUp(firstSeq);
    const spoken = speakerView.finalsOnly().map(words);
    expect(spoken.join(' ')).toMatch(/\w+ \w+ \w+/);
    for (const f of follow) expect(f.finalsOnly().map(words)).toEqual(spoken);
    // The readers were served through NATS by A: their nodes never owned the room.
    expect(await owner(roomId)).toBe(NODES.a);

    // 2. A dies mid-sentence: a partial of the next line is on screen when it is killed.
    speaker.startAudio();
    const before = speaker.received.length;
    let killed = false;
    const speaking = stream(speaker, devSamples('1688-142285-0000.wav'), () => killed);
    await speaker.waitFor(
      (m) => m.type === 'transcript' && !m.transcript.isFinal && words(m.transcript) !== '',
      30_000,
      before,
    );
    a.child.kill('SIGKILL');
    killed = true;
    const killedAt = performance.now();
    await speaking;
    // The readers' nodes close their relayed sockets once A's lease lapses; they reconnect.
    await until('the readers are told their conversation moved', () =>
      readers.every((r) => r.closedBy !== undefined),
    );
    speaker = await CaptionClient.connect(c.url, { user: speakerUser, roomId });
    const takenOverMs = performance.now() - killedAt;
    speakerView.follow(speaker);
    for (let i = 0; i < readers.length; i++) {
      readers[i] = await CaptionClient.connect(i === 0 ? b.url : c.url, {
        user: readerUsers[i]!,
        roomId,
        token,
      });
      follow[i]!.follow(readers[i]!);
    }
    const newOwner = await owner(roomId);
    expect([NODES.b, NODES.c]).toContain(newOwner);
    console.log(
      `cluster: node A killed; node ${newOwner} served the conversation again ${Math.round(takenOverMs)} ms later`,
    );

    // Recording resumes on the new owner.
    speaker.startAudio();
    const resumed = speaker.received.length;
    await stream(speaker, devSamples('1089-134686-0001.wav'));
    await stream(speaker, new Int16Array(16_000));
    speaker.stopAudio();
    await streamStopped(speaker, speakerUser.avaId, resumed);
    await until('the speaker has caught up', () => speakerView.seqState.asked === undefined);
    const lastSeq = speakerView.seq!;
    for (const f of follow) await f.caughtUp(lastSeq);

    // Every stored final exactly once, for every reader; nothing stored twice.
    const rows = await stored(roomId);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.idx)).size).toBe(rows.length);
    const storedIds = rows.map((r) => r.id);
    for (const f of [...follow, speakerView]) {
      expect(f.finalsOnly().map((t) => t.id)).toEqual(storedIds);
      // Each final was delivered live at most once per connection (a duplicate broadcast would show here).
      const seen = f.live.map((l) => `${l.id}@${l.seq}`);
      expect(new Set(seen).size).toBe(seen.length);
    }
    // The first line and the resumed one are both there.
    expect(rows.map((r) => r.text).join(' ')).toContain(spoken[0]!);
    expect(rows.length).toBeGreaterThan(spoken.length);
    await Promise.all([speaker, ...readers].map((r) => r.close()));
  });

  it('never lets a paused node write to a room another node took from it', async () => {
    const { b, c } = nodes as Record<'b' | 'c', ClusterNodeProcess>;
    const hostUser = await createGuest(c.url, 'Di Host');
    const host = await CaptionClient.connect(c.url, { user: hostUser });
    const roomId = host.roomId;
    const token = inviteToken(host);
    expect(await owner(roomId)).toBe(NODES.c);
    // Mid-utterance when C is paused: waking, C turns what it heard into a final and tries to store it.
    host.startAudio();
    const before = host.received.length;
    let paused = false;
    const speaking = stream(host, devSamples('1272-141231-0002.wav'), () => paused);
    await host.waitFor(
      (m) => m.type === 'transcript' && !m.transcript.isFinal && words(m.transcript) !== '',
      30_000,
      before,
    );
    c.child.kill('SIGSTOP');
    paused = true;
    await speaking;
    const storedBefore = (await stored(roomId)).map((r) => r.id);
    await until('the paused node’s lease lapsed', async () => (await owner(roomId)) === undefined);
    // Someone joins through B: B takes the room, from what is stored.
    const readerUser = await createGuest(b.url, 'Ed Reader');
    const reader = await CaptionClient.connect(b.url, { user: readerUser, roomId, token });
    expect(await owner(roomId)).toBe(NODES.b);
    const outputBefore = c.output().length;
    c.child.kill('SIGCONT');
    // C wakes, finds its lease gone, closes the room: the final it makes is refused by the fence.
    await until('the woken node’s write was refused', () =>
      c.output().slice(outputBefore).includes('fencing token'),
    );
    expect(c.output().slice(outputBefore)).toContain('lost a room lease');
    await until('the host was sent to the new owner', () => host.closedBy !== undefined);
    expect((await stored(roomId)).map((r) => r.id)).toEqual(storedBefore);
    expect(await owner(roomId)).toBe(NODES.b);
    await Promise.all([host.close(), reader.close()]);
  });

  it('refuses a transcript write whose fencing token is no longer the room’s (PostgreSQL)', async () => {
    const opened = await openDatabase({ dataDir: tmpdir(), databaseUrl });
    const kysely = opened.db;
    try {
      const roomId = `fence_${randomId(8)}`;
      const first = new PostgresLeaseStore(kysely, 'paused', 1000);
      const second = new PostgresLeaseStore(kysely, 'taker', 1000);
      const taken = await first.acquire(roomId);
      if (!taken.held) throw new Error('the first node could not take a free room');
      expect(await second.acquire(roomId)).toEqual({ held: false, holder: 'paused' });
      await until('the lease lapsed', async () => (await first.holder(roomId)) === undefined, 10_000);
      const stolen = await second.acquire(roomId);
      if (!stolen.held) throw new Error('the second node could not take a lapsed room');
      expect(BigInt(stolen.token)).toBeGreaterThan(BigInt(taken.token));
      // A room owned anywhere is spared by every node's abandoned-room sweep.
      expect(await first.leasedRooms()).toContain(roomId);
      // The paused node still believes its token: the database refuses its write anyway.
      const paused = new TranscriptRepository(
        kysely,
        fenceCheck(() => taken.token),
      );
      const taker = new TranscriptRepository(
        kysely,
        fenceCheck(() => stolen.token),
      );
      await db.query(
        `insert into rooms (id, name, host_ava_id, host_ava_name, langs, conversation_mode, start_timestamp_ms, state, ro_token, rw_token)
         values ($1, $1, 'h', 'h', '["en-US"]', 'public', 0, 'ongoing', $1 || 'ro', $1 || 'rw')`,
        [roomId],
      );
      const line = (id: string): Transcript => ({
        id,
        isFinal: true,
        author: 'h',
        authorShow: 'h',
        origin: 'asr',
        speechLang: 'en-US',
        texts: { 'en-US': `words of ${id}` },
        usePaidASR: false,
        index: 0,
        timestampMs: 1,
        t0: 0,
        trackName: 'mic',
      });
      await expect(paused.saveFinal(roomId, line('late'), 1)).rejects.toBeInstanceOf(FencedOut);
      await expect(paused.reserveIndexes(roomId, 5)).rejects.toBeInstanceOf(FencedOut);
      await taker.saveFinal(roomId, line('current'), 1);
      expect((await stored(roomId)).map((r) => r.id)).toEqual(['current']);
      // Renewing a lease someone else took is refused too.
      expect(await first.renew(roomId, taken.token)).toBe(false);
      expect(await second.renew(roomId, stolen.token)).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it('keeps a conversation going through one address (HAProxy) when its node dies', async () => {
    const { b, c } = nodes as Record<'b' | 'c', ClusterNodeProcess>;
    proxy = startHaproxy({
      bind: '127.0.0.1',
      port: PORTS.proxy,
      nodes: [
        { name: NODES.b, host: '127.0.0.1', port: PORTS.b },
        { name: NODES.c, host: '127.0.0.1', port: PORTS.c },
      ],
    });
    const address = `http://127.0.0.1:${PORTS.proxy}`;
    await until(
      'the proxy answers',
      async () => (await fetch(`${address}/api/v1/health`).catch(() => undefined))?.ok === true,
    );
    /** Connects through the proxy, again and again while it still sends some attempts to a dead node. */
    const connect = async (
      user: Awaited<ReturnType<typeof createGuest>>,
      options: { roomId?: string; token?: string },
    ) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          return await CaptionClient.connect(address, { user, ...options });
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const hostUser = await createGuest(address, 'Fay Host');
    let host = await connect(hostUser, {});
    const roomId = host.roomId;
    const token = inviteToken(host);
    const readerUser = await createGuest(address, 'Gus Reader');
    let reader = await connect(readerUser, { roomId, token });
    const readerView = new TranscriptFollower();
    readerView.follow(reader);
    const hostView = new TranscriptFollower();
    hostView.follow(host);
    const say = async (file: string) => {
      host.startAudio();
      const mark = host.received.length;
      await stream(host, devSamples(file));
      await stream(host, new Int16Array(16_000));
      host.stopAudio();
      await streamStopped(host, hostUser.avaId, mark);
      await until('the host has caught up', () => hostView.seqState.asked === undefined);
      await readerView.caughtUp(hostView.seq!);
    };
    await say('1688-142285-0002.wav');
    const firstOwner = await owner(roomId);
    const dying = firstOwner === NODES.b ? b : c;
    dying.child.kill('SIGKILL');
    await dying.exited;
    // Both reconnect through the same address, as the web client does.
    await until('both were disconnected', () => host.closedBy !== undefined && reader.closedBy !== undefined);
    host = await connect(hostUser, { roomId });
    hostView.follow(host);
    reader = await connect(readerUser, { roomId, token });
    readerView.follow(reader);
    expect(await owner(roomId)).not.toBe(firstOwner);
    await say('1688-142285-0003.wav');
    const rows = await stored(roomId);
    expect(rows.length).toBeGreaterThan(1);
    expect(readerView.finalsOnly().map((t) => t.id)).toEqual(rows.map((r) => r.id));
    expect(hostView.finalsOnly().map((t) => t.id)).toEqual(rows.map((r) => r.id));
    await Promise.all([host.close(), reader.close()]);
  });
});
