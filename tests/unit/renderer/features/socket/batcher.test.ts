import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_BATCH_FLUSH_MS } from '../../../../../src/shared/constants';
import type { ServerMessage } from '../../../../../src/shared/protocol';
import { SocketBatcher, isBatchedMessage } from '../../../../../src/renderer/features/socket/batcher';
import type { ConnectionEvent } from '../../../../../src/renderer/features/socket/connection';
import { makeStatus, makeTranscript } from '../../../../helpers/saga-harness';

const partial = (id: string, text: string): ServerMessage => ({
  type: 'transcript',
  transcript: makeTranscript({ id, texts: { 'en-US': text } }),
  seq: 1,
});
const final = (id: string, text: string): ServerMessage => ({
  type: 'transcript',
  transcript: makeTranscript({ id, isFinal: true, texts: { 'en-US': text } }),
  seq: 2,
});
const typing: ServerMessage = {
  type: 'room-status-update',
  reason: 'someone-is-typing',
  status: makeStatus(),
};
const message = (m: ServerMessage): ConnectionEvent => ({ kind: 'message', message: m });
const textOf = (e: ConnectionEvent) =>
  e.kind === 'message' && e.message.type === 'transcript' ? e.message.transcript.texts['en-US'] : e.kind;

describe('isBatchedMessage', () => {
  it('batches partials, cursors and typing; never finals, statuses or anything else', () => {
    expect(isBatchedMessage(partial('a', 'hel'))).toBe(true);
    expect(isBatchedMessage({ type: 'transcript-cursors', transcriptId: 'a', cursors: [] })).toBe(true);
    expect(isBatchedMessage(typing)).toBe(true);
    expect(isBatchedMessage(final('a', 'hello'))).toBe(false);
    expect(
      isBatchedMessage({ type: 'room-status-update', reason: 'participant-joined', status: makeStatus() }),
    ).toBe(false);
    expect(isBatchedMessage({ type: 'PONG', serverTimeMs: 1, clientTimeMs: 1 })).toBe(false);
  });
});

describe('SocketBatcher', () => {
  let out: ConnectionEvent[];
  let batcher: SocketBatcher;

  beforeEach(() => {
    vi.useFakeTimers();
    out = [];
    batcher = new SocketBatcher((e) => out.push(e));
  });
  afterEach(() => {
    batcher.dispose();
    vi.useRealTimers();
  });

  it('holds batched messages and lets them out together every SOCKET_BATCH_FLUSH_MS', () => {
    batcher.push(message(partial('a', 'he')));
    vi.advanceTimersByTime(100);
    batcher.push(message(partial('a', 'hel')));
    batcher.push(message(typing));
    vi.advanceTimersByTime(SOCKET_BATCH_FLUSH_MS - 101);
    expect(out).toEqual([]);
    expect(batcher.pending).toBe(3);
    vi.advanceTimersByTime(1);
    expect(out.map(textOf)).toEqual(['he', 'hel', 'message']);
    // The next batch has its own period, from its first message.
    batcher.push(message(partial('a', 'hell')));
    vi.advanceTimersByTime(SOCKET_BATCH_FLUSH_MS - 1);
    expect(out).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(out.map(textOf)).toEqual(['he', 'hel', 'message', 'hell']);
  });

  it('passes other messages at once, after everything held before them (a final never overtakes its partial)', () => {
    batcher.push(message(partial('a', 'hel')));
    batcher.push(message(final('a', 'hello')));
    expect(out.map(textOf)).toEqual(['hel', 'hello']);
    expect(batcher.pending).toBe(0);
    // Nothing is emitted twice when the period would have ended.
    vi.advanceTimersByTime(SOCKET_BATCH_FLUSH_MS);
    expect(out).toHaveLength(2);
    batcher.push({ kind: 'close', code: 1006, reason: '' });
    expect(out.map(textOf)).toEqual(['hel', 'hello', 'close']);
  });

  it('drops what it holds once disposed, and leaves no timer behind', () => {
    batcher.push(message(partial('a', 'hel')));
    batcher.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(SOCKET_BATCH_FLUSH_MS);
    batcher.push(message(final('a', 'hello')));
    expect(out).toEqual([]);
  });
});
