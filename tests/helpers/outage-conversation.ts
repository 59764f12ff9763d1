/**
 * A conversation of real speech during which the database stops taking finals for a while and
 * then comes back, and the comparison the fault-injection tests make afterwards: what was
 * broadcast, what members (one joining mid-outage, one joining after) see, and what is stored
 * must be the same finals, word for word, each exactly once.
 */
import { expect } from 'vitest';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import type { Transcript } from '../../src/shared/entities';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { conversationAudio } from './conversation-audio';
import { streamStopped } from './speak';
import type { TestServer } from './server';
import { TranscriptFollower } from './transcript-follower';

export interface Outage {
  /** Makes the database refuse finals (and index reservations, where it can). */
  start(): Promise<void>;
  /** Lets it take them again. */
  stop(): Promise<void>;
}

export interface OutageResult {
  stored: Transcript[];
  /** When the outage began and ended (performance.now()). */
  outageFromMs: number;
  outageToMs: number;
}

/**
 * Twice real time: fast enough to keep the test short, slow enough that recognition keeps up
 * through a long outage on two shared cores (a speaker whose recognition falls behind has audio
 * dropped, which is another test's subject).
 */
const SPEED = 2;

/**
 * Server settings for these tests: recognition that falls behind on two busy cores must not have
 * the speaker's audio dropped (the backlog limit has its own tests); these are about storage.
 */
export const PATIENT_RECOGNITION = { HEARKEN_STREAM_BACKLOG_SECONDS: '600' };

/** The read-write link token the host's room status carries: how others are let in. */
export function inviteToken(host: CaptionClient): string {
  const status = host.received.find((r) => r.message.type === 'room-status')?.message;
  if (status?.type !== 'room-status' || !status.status.links.rw)
    throw new Error('the host has no invite link');
  const token = new URL(status.status.links.rw).searchParams.get('token');
  if (!token) throw new Error('the invite link has no token');
  return token;
}

const words = (t: Transcript) => t.texts[t.speechLang] ?? '';

export async function outageConversation(
  server: TestServer,
  outage: Outage,
  outageMs: number,
): Promise<OutageResult & { check(failedIds: Iterable<string>): void }> {
  const host = await CaptionClient.connect(server.url, {
    user: await createGuest(server.url, 'Ada Speaker'),
  });
  const roomId = host.roomId;
  const token = inviteToken(host);
  const listener = await CaptionClient.connect(server.url, {
    user: await createGuest(server.url, 'Bo Listener'),
    roomId,
    token,
  });
  const followers = { host: new TranscriptFollower(), listener: new TranscriptFollower() };
  followers.host.follow(host);
  followers.listener.follow(listener);

  // Speech long enough to hold a first final, the whole outage, and some after it.
  const audio = conversationAudio(((outageMs + 12_000) / 1000) * SPEED);
  host.startAudio();
  const pacer = new ChunkPacer(SPEED);
  const streaming = streamAudio(host, audio, { speed: SPEED, pacer }).then(() =>
    streamAudio(host, new Int16Array(16_000), { speed: SPEED, pacer }),
  );

  // The outage begins once captions are flowing normally.
  await listener.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 30_000);
  await outage.start();
  const outageFromMs = performance.now();
  await new Promise((r) => setTimeout(r, outageMs / 2));
  // Someone joins in the middle of it.
  const midJoiner = await CaptionClient.connect(server.url, {
    user: await createGuest(server.url, 'Cy Midway'),
    roomId,
    token,
  });
  const midFollower = new TranscriptFollower();
  midFollower.follow(midJoiner);
  await new Promise((r) => setTimeout(r, outageMs / 2));
  await outage.stop();
  const outageToMs = performance.now();

  await streaming;
  const stopMark = listener.received.length;
  const midMark = midJoiner.received.length;
  host.stopAudio();
  await streamStopped(listener, host.user.avaId, stopMark);
  await streamStopped(midJoiner, host.user.avaId, midMark);
  await streamStopped(host, host.user.avaId);

  const late = await CaptionClient.connect(server.url, {
    user: await createGuest(server.url, 'Di Late'),
    roomId,
    token,
  });
  const lateFollower = new TranscriptFollower();
  lateFollower.follow(late);
  await lateFollower.loadAllOlder();

  const stored = await new TranscriptRepository(server.database.db).list(roomId);
  const storedText = stored.map(words).join(' ');
  await Promise.all([host, listener, midJoiner, late].map((c) => c.close()));

  return {
    stored,
    outageFromMs,
    outageToMs,
    check(failedIds) {
      const failed = [...failedIds];
      expect(stored.length).toBeGreaterThan(4);
      // The outage really held finals back, and every one of them is stored now.
      expect(failed.length).toBeGreaterThan(0);
      const storedIds = new Set(stored.map((t) => t.id));
      for (const id of failed) expect(storedIds.has(id)).toBe(true);
      // Indexes are never reused.
      expect(new Set(stored.map((t) => t.index)).size).toBe(stored.length);

      for (const [name, follower] of Object.entries({ ...followers, midJoiner: midFollower })) {
        // What was broadcast to this member: each stored final once, numbered 1, 2, 3... in order.
        const live = follower.live;
        expect(new Set(live.map((l) => l.id)).size, `${name}: a final was broadcast twice`).toBe(live.length);
        const seqs = live.map((l) => l.seq);
        expect(seqs, `${name}: seq`).toEqual([...seqs].sort((a, b) => a - b));
        for (let i = 1; i < seqs.length; i++) expect(seqs[i]! - seqs[i - 1]!, `${name}: gap in seq`).toBe(1);
        const storedById = new Map(stored.map((t) => [t.id, words(t)]));
        for (const l of live) expect(storedById.get(l.id), `${name}: broadcast but not stored`).toBe(l.text);
        // Nothing that failed to store was shown before the database took it.
        for (const l of live) {
          if (failed.includes(l.id))
            expect(l.atMs, `${name}: ${l.id} shown before stored`).toBeGreaterThanOrEqual(outageToMs - 50);
        }
        // And what the member ends up with is exactly the stored transcript.
        expect(follower.finalsOnly().map(words).join(' '), `${name}: transcript`).toBe(storedText);
      }
      // The continuously connected listener heard every stored final live.
      expect(followers.listener.live.map((l) => l.text).sort()).toEqual(stored.map(words).sort());
      // Someone who joins afterwards sees the same, word for word.
      expect(lateFollower.finalsOnly().map(words).join(' ')).toBe(storedText);
      expect(lateFollower.finalsOnly().map((t) => t.id)).toEqual(stored.map((t) => t.id));
    },
  };
}
