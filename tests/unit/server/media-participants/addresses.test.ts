/**
 * The addresses providers reach media participants at: the participant's token and room in the
 * query (the room read back as cluster forwarding reads it), and WebSockets on the same origin.
 */
import { describe, expect, it } from 'vitest';
import { participantAddress, websocketOrigin } from '../../../../src/server/media-participants';
import { providerSocketRoute } from '../../../../src/server/cluster/forwarding';
import { MEETING_BOT_ROUTES } from '../../../../src/shared/api';

describe('websocketOrigin', () => {
  it('is the same origin over ws: or wss:', () => {
    expect(websocketOrigin('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080');
    expect(websocketOrigin('https://hearken.example')).toBe('wss://hearken.example');
  });
});

describe('participantAddress', () => {
  it('names the participant by its token and its room, both encoded', () => {
    expect(participantAddress('https://h.example', '/api/v1/x', 'abc123', 'ada room/1')).toBe(
      'https://h.example/api/v1/x?token=abc123&room=ada%20room%2F1',
    );
  });

  it('a meeting bot’s audio socket is routed to the room it names', () => {
    const url = participantAddress('wss://h.example', MEETING_BOT_ROUTES.audio, 'tok', 'host1_room&x');
    expect(providerSocketRoute(new URL(url).pathname + new URL(url).search)).toEqual({
      kind: 'meeting-audio',
      roomId: 'host1_room&x',
    });
  });
});
