/**
 * The NATS half of HTTP forwarding between two nodes on an in-memory NATS: a request run on the
 * owner and its answer back (in parts when large), the owner's refusals (not ready, closing, a
 * failing route), an owner that does not answer, and which room a phone call is in.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpSubject, type ForwardedRequest } from '../../../../src/server/cluster/forwarding';
import { CALL_ROOM_SUBJECT, HttpRelay } from '../../../../src/server/cluster/http-relay';
import type { OwnerWork } from '../../../../src/server/cluster/owner-work';
import { MAX_PART_BYTES } from '../../../../src/server/cluster/relay-frames';
import { FakeNats } from '../../../helpers/fake-nats';

const REQUEST: ForwardedRequest = {
  method: 'POST',
  url: '/api/v1/calls',
  headers: { authorization: 'Bearer x' },
  body: Buffer.from('{"to":"+1"}').toString('base64'),
  remoteAddress: '10.0.0.9',
};

function node(nats: FakeNats, nodeId: string, work?: Partial<OwnerWork>) {
  const state = { closing: false, work: work as OwnerWork | undefined };
  const logs: string[] = [];
  const relay = new HttpRelay({
    nats,
    work: () => state.work,
    closing: () => state.closing,
    log: (_level, message) => logs.push(message),
  });
  nats.subscribe(httpSubject(nodeId), (m) => void relay.answer(m.data, m.replyTo));
  nats.subscribe(CALL_ROOM_SUBJECT, (m) => relay.answerCallRoom(m));
  return { relay, state, logs };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('HttpRelay', () => {
  it('runs a request on the owner and brings its answer back, whole even past one part', async () => {
    const nats = new FakeNats();
    const seen: ForwardedRequest[] = [];
    const big = 'x'.repeat(MAX_PART_BYTES * 2);
    node(nats, 'b', {
      inject: async (request) => {
        seen.push(request);
        return { status: 201, headers: { 'content-type': 'text/plain' }, body: big };
      },
    });
    const a = node(nats, 'a');
    const answer = await a.relay.forward('b', REQUEST);
    expect(seen).toEqual([REQUEST]);
    expect(answer).toEqual({ status: 201, headers: { 'content-type': 'text/plain' }, body: big });
    const replies = nats.published.filter((p) => p.subject.startsWith('hearken.cluster.http-reply.'));
    expect(replies.length).toBeGreaterThan(1);
    // The reply inbox is given up once answered.
    expect(nats.listeners(replies[0]!.subject)).toBe(0);
  });

  it('answers 503 before the routes exist or while closing, and 500 when the route throws', async () => {
    const nats = new FakeNats();
    const b = node(nats, 'b');
    const a = node(nats, 'a');
    expect(await a.relay.forward('b', REQUEST)).toEqual({ status: 503, headers: {}, body: '' });
    b.state.work = {
      inject: async () => {
        throw new Error('boom');
      },
    } as unknown as OwnerWork;
    expect(await a.relay.forward('b', REQUEST)).toEqual({ status: 500, headers: {}, body: '' });
    expect(b.logs).toEqual(['a forwarded request failed']);
    b.state.closing = true;
    expect(await a.relay.forward('b', REQUEST)).toEqual({ status: 503, headers: {}, body: '' });
  });

  it('answers 503 to a request it cannot read, and ignores one without a reply inbox of its own', async () => {
    const nats = new FakeNats();
    const b = node(nats, 'b', { inject: async () => ({ status: 200, headers: {}, body: '' }) });
    await b.relay.answer(Buffer.from('{"method":"POST"}'), 'hearken.cluster.http-reply.r1');
    await b.relay.answer(Buffer.from(JSON.stringify(REQUEST)), 'somewhere.else');
    await b.relay.answer(Buffer.from(JSON.stringify(REQUEST)), undefined);
    expect(nats.published.map((p) => p.subject)).toEqual(['hearken.cluster.http-reply.r1']);
    expect(JSON.parse(nats.published[0]!.data.subarray(1).toString())).toEqual({
      status: 503,
      headers: {},
      body: '',
    });
  });

  it('gives up on an owner that does not answer within 20 s', async () => {
    vi.useFakeTimers();
    const nats = new FakeNats();
    const a = node(nats, 'a');
    const answer = a.relay.forward('nobody', REQUEST);
    await vi.advanceTimersByTimeAsync(19_999);
    let settled = false;
    void answer.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toBeUndefined();
  });

  it('finds the room of a phone call on whichever node has it', async () => {
    const nats = new FakeNats();
    node(nats, 'b', { callRoom: (sid) => (sid === 'CA1' ? 'room1' : undefined) });
    const a = node(nats, 'a', { callRoom: () => undefined });
    expect(await a.relay.callRoom('CA1')).toBe('room1');
  });

  it('says no room when no node answers', async () => {
    const nats = new FakeNats();
    const relay = new HttpRelay({
      nats,
      work: () => undefined,
      closing: () => false,
      log: () => undefined,
    });
    expect(await relay.callRoom('CA1')).toBeUndefined();
    const broken = new FakeNats();
    broken.request = () => Promise.reject(new Error('NATS is closed'));
    const failing = new HttpRelay({
      nats: broken,
      work: () => undefined,
      closing: () => false,
      log: () => undefined,
    });
    await expect(failing.callRoom('CA1')).rejects.toThrow('NATS is closed');
  });
});
