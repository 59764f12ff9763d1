/**
 * The HTTP half of forwarding, on two Fastify apps standing for two nodes (no NATS): node B's
 * forward runs node A's forwarded-request handler directly.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FORWARDED_HEADER, type ForwardedRequest } from '../../../../src/server/cluster/forwarding';
import { type ForwardingNode, registerForwarding } from '../../../../src/server/cluster/http-forward';
import type { ClusterConfig } from '../../../../src/server/cluster/config';
import type { OwnerWork } from '../../../../src/server/cluster/node';
import { PHONE_CALL_ROUTES } from '../../../../src/shared/phone-calls';

interface Node {
  app: FastifyInstance;
  work: OwnerWork;
  forwarded: ForwardedRequest[];
  seen: { forwardedByNode: boolean; marker: unknown; body: unknown; ip: string }[];
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A node named `nodeId` to which every room belongs to `holder`; its forwards go to `peer()`. */
async function node(nodeId: string, holder: string | undefined, peer: () => Node | undefined): Promise<Node> {
  const app = Fastify({ trustProxy: '127.0.0.1' });
  apps.push(app);
  const forwarded: ForwardedRequest[] = [];
  const seen: Node['seen'] = [];
  const self: Partial<Node> = { app, forwarded, seen };
  const cluster: ForwardingNode = {
    config: { nodeId } as ClusterConfig,
    ownerFor: async () => holder,
    forward: async (_to, request) => {
      forwarded.push(request);
      const target = peer();
      return target ? target.work.inject(request) : undefined;
    },
    attachOwnerWork: (work) => {
      self.work = work;
    },
  };
  registerForwarding(
    app,
    cluster,
    { providerSocket: () => false, callRoom: () => undefined },
    { scribeRequestRoom: async () => undefined, scribeChatRoom: async () => undefined },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  app.post(PHONE_CALL_ROUTES.statusCallback, async (request, reply) => {
    seen.push({
      forwardedByNode: request.forwardedByNode,
      marker: request.headers[FORWARDED_HEADER],
      body: request.body,
      ip: request.ip,
    });
    return reply.code(201).header('x-served-by', nodeId).send({ servedBy: nodeId });
  });
  await app.ready();
  return self as Node;
}

const callback = (app: FastifyInstance, headers: Record<string, string> = {}, room = 'h_r') =>
  app.inject({
    method: 'POST',
    url: `${PHONE_CALL_ROUTES.statusCallback}?token=t&room=${room}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': 'sig',
      'x-forwarded-for': '203.0.113.7',
      ...headers,
    },
    payload: 'CallSid=CA1&CallStatus=ringing',
    remoteAddress: '127.0.0.1',
  });

describe('HTTP requests on a room another node owns', () => {
  it('are run by the owner, with the original URL, body, proof and client address, and answered as it answered', async () => {
    const nodes: { a?: Node; b?: Node } = {};
    nodes.a = await node('node-a', 'node-a', () => undefined);
    nodes.b = await node('node-b', 'node-a', () => nodes.a);
    const response = await callback(nodes.b.app);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ servedBy: 'node-a' });
    expect(response.headers['x-served-by']).toBe('node-a');
    expect(nodes.b.seen).toEqual([]);
    expect(nodes.a.seen).toEqual([
      // The client's address as B computed it: the same trusted proxy rule, from the same peer.
      { forwardedByNode: true, marker: undefined, body: 'CallSid=CA1&CallStatus=ringing', ip: '203.0.113.7' },
    ]);
    expect(nodes.b.forwarded[0]).toMatchObject({
      method: 'POST',
      url: `${PHONE_CALL_ROUTES.statusCallback}?token=t&room=h_r`,
      remoteAddress: '127.0.0.1',
    });
    expect(nodes.b.forwarded[0]!.headers['x-twilio-signature']).toBe('sig');
  });

  it('do not trust a forwarding marker sent from outside: it is dropped, and the request is forwarded as any other', async () => {
    const nodes: { a?: Node; b?: Node } = {};
    nodes.a = await node('node-a', 'node-a', () => undefined);
    nodes.b = await node('node-b', 'node-a', () => nodes.a);
    const response = await callback(nodes.b.app, { [FORWARDED_HEADER]: 'I am a node' });
    expect(response.json()).toEqual({ servedBy: 'node-a' });
    expect(nodes.b.forwarded[0]!.headers[FORWARDED_HEADER]).toBeUndefined();
    // Straight to the owner with a made-up marker: not believed there either.
    await callback(nodes.a.app, { [FORWARDED_HEADER]: 'I am a node' });
    expect(nodes.a.seen.map((s) => s.forwardedByNode)).toEqual([true, false]);
  });

  it('are never forwarded twice: a node that lost the room meanwhile answers itself', async () => {
    const nodes: { a?: Node; b?: Node } = {};
    // A believes B owns the room, and B believes A does.
    nodes.a = await node('node-a', 'node-b', () => nodes.b);
    nodes.b = await node('node-b', 'node-a', () => nodes.a);
    const response = await callback(nodes.b.app);
    expect(response.json()).toEqual({ servedBy: 'node-a' });
    expect(nodes.a.forwarded).toEqual([]);
  });

  it('are served where they land when this node or nobody owns the room, or it names none', async () => {
    const here = await node('node-a', 'node-a', () => undefined);
    const nobody = await node('node-b', undefined, () => undefined);
    expect((await callback(here.app)).json()).toEqual({ servedBy: 'node-a' });
    expect((await callback(nobody.app)).json()).toEqual({ servedBy: 'node-b' });
    const elsewhere = await node('node-c', 'node-a', () => undefined);
    const noRoom = await elsewhere.app.inject({
      method: 'POST',
      url: `${PHONE_CALL_ROUTES.statusCallback}?token=t`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(noRoom.json()).toEqual({ servedBy: 'node-c' });
    expect([...here.forwarded, ...nobody.forwarded, ...elsewhere.forwarded]).toEqual([]);
  });

  it('are answered 503 when the owner does not answer', async () => {
    const b = await node('node-b', 'node-a', () => undefined);
    const response = await callback(b.app);
    expect(response.statusCode).toBe(503);
    expect(b.seen).toEqual([]);
  });
});
