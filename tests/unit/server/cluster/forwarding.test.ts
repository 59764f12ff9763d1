import { describe, expect, it } from 'vitest';
import {
  FORWARDED_HEADER,
  FORWARD_RULES,
  carriedHeaders,
  isForwarded,
  parseForwardedRequest,
  parseForwardedResponse,
  providerSocketRoute,
  type RoomLookups,
  roomOfBotWebhook,
  routeDecision,
} from '../../../../src/server/cluster/forwarding';
import { isMediaPath, mediaStreamPath } from '../../../../src/server/phone-calls/routes';

/** The routes that carry their room need no lookup. */
const noLookups: RoomLookups = {
  scribeRequestRoom: async () => {
    throw new Error('not looked up');
  },
  scribeChatRoom: async () => {
    throw new Error('not looked up');
  },
};

describe('routing work to a room’s owner', () => {
  it('serves here what this node owns, what nobody owns, and what was forwarded once already', () => {
    expect(routeDecision('node-a', 'node-a', false)).toEqual({ serve: 'here' });
    expect(routeDecision(undefined, 'node-a', false)).toEqual({ serve: 'here' });
    expect(routeDecision('node-b', 'node-a', false)).toEqual({ serve: 'forward', node: 'node-b' });
    // The lease moved while the request was on its way: answered here, never bounced back.
    expect(routeDecision('node-b', 'node-a', true)).toEqual({ serve: 'here' });
  });

  it('finds each forwarded route’s room where that route carries it', () => {
    const none = { params: {}, query: {}, body: undefined };
    const calls = FORWARD_RULES['POST /api/v1/calls']!;
    expect(calls.room({ ...none, roomId: 'h_r1' }, noLookups)).toBe('h_r1');
    expect(FORWARD_RULES['POST /api/v1/calls']!.take).toBe(true);
    expect(FORWARD_RULES['DELETE /api/v1/calls/:sid']!.take).toBe(false);
    const callback = FORWARD_RULES['POST /api/v1/calls/status-callback']!;
    const at = (query: unknown) => ({ params: {}, query, body: '' });
    expect(callback.room(at({ token: 't', room: 'h_r2' }), noLookups)).toBe('h_r2');
    expect(callback.room(at({ token: 't' }), noLookups)).toBeUndefined();
    expect(callback.room(at({ room: ['a', 'b'] }), noLookups)).toBeUndefined();
    const webhook = FORWARD_RULES['POST /api/v1/meeting-bot/webhook']!;
    const body = JSON.stringify({
      event: 'bot.done',
      data: { bot: { id: 'b1', metadata: { roomId: 'h_r3' } } },
    });
    expect(webhook.room({ params: {}, query: {}, body }, noLookups)).toBe('h_r3');
    expect(webhook.take).toBe(false);
    expect(
      FORWARD_RULES['GET /api/v1/rooms/:roomId/transcripts/export']!.room(
        { ...none, roomId: 'h_r4' },
        noLookups,
      ),
    ).toBe('h_r4');
  });

  it('finds a Scribe request’s room from the stored request, and takes a free room only to accept', async () => {
    const asked: string[] = [];
    const lookups: RoomLookups = {
      scribeRequestRoom: async (id) => {
        asked.push(`request ${id}`);
        return id === 'req1' ? 'h_r5' : undefined;
      },
      scribeChatRoom: async (scribe, requester) => {
        asked.push(`chat ${scribe} ${requester}`);
        return requester === 'host1' ? 'h_r6' : undefined;
      },
    };
    const accept = FORWARD_RULES['POST /api/v1/scribe-requests/:requestId/accept']!;
    const end = FORWARD_RULES['POST /api/v1/scribe-requests/:requestId/end']!;
    const chat = FORWARD_RULES['POST /api/v1.1/users/beginChat']!;
    expect([accept.take, end.take, chat.take]).toEqual([true, false, false]);
    const named = (requestId: unknown) => ({ params: { requestId }, query: {}, body: {} });
    expect(await accept.room(named('req1'), lookups)).toBe('h_r5');
    expect(await end.room(named('req1'), lookups)).toBe('h_r5');
    expect(await end.room(named('gone'), lookups)).toBeUndefined();
    expect(await accept.room(named(''), lookups)).toBeUndefined();
    const chatOf = (body: unknown, callerAvaId?: string) => ({
      params: {},
      query: {},
      body,
      ...(callerAvaId ? { callerAvaId } : {}),
    });
    expect(await chat.room(chatOf({ avaId: 'host1', messageToUser: 'hi' }, 'scribe1'), lookups)).toBe('h_r6');
    // Without a requester, or a caller, nothing to look up: served where it landed.
    expect(await chat.room(chatOf({ messageToUser: 'hi' }, 'scribe1'), lookups)).toBeUndefined();
    expect(await chat.room(chatOf({ avaId: 'host1' }), lookups)).toBeUndefined();
    expect(asked).toEqual(['request req1', 'request req1', 'request gone', 'chat scribe1 host1']);
  });

  it('reads a webhook’s room from its metadata only, and nothing from what is not one', () => {
    expect(roomOfBotWebhook('{"data":{"bot":{"metadata":{"roomId":""}}}}')).toBeUndefined();
    expect(roomOfBotWebhook('{"data":{"bot":{"metadata":{"roomId":7}}}}')).toBeUndefined();
    expect(roomOfBotWebhook('roomId but not json')).toBeUndefined();
    expect(roomOfBotWebhook({ data: { bot: { metadata: { roomId: 'x' } } } })).toBeUndefined();
  });

  it('recognises provider sockets by their path, and their room', () => {
    expect(providerSocketRoute(mediaStreamPath('h_room'))).toEqual({ kind: 'phone-media', roomId: 'h_room' });
    expect(providerSocketRoute(mediaStreamPath('a b/c'))).toEqual({ kind: 'phone-media', roomId: 'a b/c' });
    expect(providerSocketRoute('/api/v1/meeting-bot/audio?token=t&room=h_r')).toEqual({
      kind: 'meeting-audio',
      roomId: 'h_r',
    });
    // Without a room (an older call's URL, or not a provider's socket): not relayed.
    expect(providerSocketRoute('/api/v1/calls/media')).toBeUndefined();
    expect(providerSocketRoute('/api/v1/calls/media/a/b')).toBeUndefined();
    expect(providerSocketRoute('/api/v1/calls/media/%E0%A4%A')).toBeUndefined();
    expect(providerSocketRoute('/api/v1/meeting-bot/audio?token=t')).toBeUndefined();
    expect(providerSocketRoute('/ws')).toBeUndefined();
    expect(providerSocketRoute(undefined)).toBeUndefined();
  });

  it('serves the media stream on its plain path and with a room', () => {
    expect(isMediaPath('/api/v1/calls/media')).toBe(true);
    expect(isMediaPath(mediaStreamPath('h_r'))).toBe(true);
    expect(isMediaPath('/api/v1/calls/media/a/b')).toBe(false);
    expect(isMediaPath('/api/v1/calls/mediax')).toBe(false);
  });
});

describe('forwarded headers', () => {
  it('carry the request’s own headers, not the connection’s nor any marker', () => {
    expect(
      carriedHeaders({
        Authorization: 'Bearer x',
        'x-twilio-signature': 'sig',
        'x-forwarded-for': '203.0.113.9',
        'content-type': 'application/json',
        'content-length': 12,
        connection: 'keep-alive',
        'transfer-encoding': 'chunked',
        [FORWARDED_HEADER]: 'made up',
        'set-cookie': ['a=1', 'b=2'],
        absent: undefined,
      }),
    ).toEqual({
      authorization: 'Bearer x',
      'x-twilio-signature': 'sig',
      'x-forwarded-for': '203.0.113.9',
      'content-type': 'application/json',
      'set-cookie': ['a=1', 'b=2'],
    });
  });

  it('believe a marker only when it is this process’s secret', () => {
    const secret = 'S'.repeat(32);
    expect(isForwarded(secret, secret)).toBe(true);
    expect(isForwarded('S'.repeat(31), secret)).toBe(false);
    expect(isForwarded(`${'S'.repeat(31)}T`, secret)).toBe(false);
    expect(isForwarded([secret], secret)).toBe(false);
    expect(isForwarded(undefined, secret)).toBe(false);
  });

  it('parse a forwarded request, dropping a marker it carries', () => {
    const request = {
      method: 'POST',
      url: '/api/v1/calls',
      headers: { authorization: 'Bearer x', [FORWARDED_HEADER]: 'x', connection: 'close' },
      body: Buffer.from('{}').toString('base64'),
      remoteAddress: '10.0.0.2',
    };
    expect(parseForwardedRequest(Buffer.from(JSON.stringify(request)))).toEqual({
      ...request,
      headers: { authorization: 'Bearer x' },
    });
    for (const bad of [
      { ...request, method: 'post ' },
      { ...request, url: 'http://elsewhere/' },
      { ...request, body: 3 },
      { ...request, headers: null },
      { ...request, remoteAddress: undefined },
    ])
      expect(parseForwardedRequest(Buffer.from(JSON.stringify(bad)))).toBeUndefined();
    expect(parseForwardedRequest(Buffer.from('{'))).toBeUndefined();
  });

  it('parse a forwarded answer only when it is one', () => {
    const answer = {
      status: 201,
      headers: { 'content-type': 'application/json', 'content-length': '2' },
      body: 'e30=',
    };
    expect(parseForwardedResponse(Buffer.from(JSON.stringify(answer)))).toEqual({
      ...answer,
      headers: { 'content-type': 'application/json' },
    });
    for (const bad of [
      { ...answer, status: 99 },
      { ...answer, status: 600 },
      { ...answer, status: 200.5 },
      { ...answer, body: null },
      { ...answer, headers: 'x' },
    ])
      expect(parseForwardedResponse(Buffer.from(JSON.stringify(bad)))).toBeUndefined();
    expect(parseForwardedResponse(Buffer.from('nope'))).toBeUndefined();
  });
});
