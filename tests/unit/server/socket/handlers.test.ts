/**
 * The socket's table of handlers: one entry for every message type of the protocol, the two
 * answered before joining (ping, connection-params), and each member message reaching its
 * feature's handler.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  SOCKET_HANDLERS,
  handleMember,
  handleOpening,
  isOpeningMessage,
} from '../../../../src/server/socket/handlers';
import { CLIENT_MESSAGE_TYPES } from '../../../../src/shared/protocol';
import { BOOST_SOCKET_HANDLERS } from '../../../../src/server/boost';
import { MEETING_BOT_SOCKET_HANDLERS } from '../../../../src/server/meeting-bot';
import { RECORDING_SOCKET_HANDLERS, ROOM_SOCKET_HANDLERS } from '../../../../src/server/rooms';
import { SCRIBE_SOCKET_HANDLERS } from '../../../../src/server/scribes';
import { TRANSCRIPT_SOCKET_HANDLERS } from '../../../../src/server/transcripts';
import { TRANSLATION_SOCKET_HANDLERS } from '../../../../src/server/translation';
import { VOICED_REPLY_SOCKET_HANDLERS } from '../../../../src/server/voiced-replies';
import type { ConnectionContext } from '../../../../src/server/socket/context';
import { fakeMemberContext } from '../../../helpers/socket-context';

function openingContext() {
  const { deps, sent } = fakeMemberContext();
  const begin = vi.fn(async () => {});
  const ctx: ConnectionContext = {
    deps,
    send: (m) => void sent.push(m),
    fail: vi.fn(),
    handshake: { begin },
  };
  return { ctx, sent, begin };
}

describe('SOCKET_HANDLERS', () => {
  it('has a handler for every message type of the protocol, and nothing else', () => {
    expect(Object.keys(SOCKET_HANDLERS).sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
    for (const type of CLIENT_MESSAGE_TYPES) expect(typeof SOCKET_HANDLERS[type]).toBe('function');
  });

  it("is made of the features' parts, no message claimed by two features", () => {
    const parts = [
      ROOM_SOCKET_HANDLERS,
      RECORDING_SOCKET_HANDLERS,
      TRANSLATION_SOCKET_HANDLERS,
      TRANSCRIPT_SOCKET_HANDLERS,
      VOICED_REPLY_SOCKET_HANDLERS,
      MEETING_BOT_SOCKET_HANDLERS,
      SCRIBE_SOCKET_HANDLERS,
      BOOST_SOCKET_HANDLERS,
    ];
    const claimed = parts.flatMap((part) => Object.keys(part));
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const part of parts) {
      for (const [type, handler] of Object.entries(part)) {
        expect(SOCKET_HANDLERS[type as keyof typeof SOCKET_HANDLERS]).toBe(handler);
      }
    }
  });

  it('knows which messages are answered before joining', () => {
    expect(CLIENT_MESSAGE_TYPES.filter((type) => isOpeningMessage({ type } as never))).toEqual([
      'connection-params',
      'ping',
    ]);
  });
});

describe('before joining', () => {
  it('ping is answered with the server’s time and the client’s', async () => {
    const { ctx, sent } = openingContext();
    await handleOpening(ctx, { type: 'ping', clientTimeMs: 42 });
    expect(sent).toEqual([{ type: 'PONG', serverTimeMs: 1_000_000, clientTimeMs: 42 }]);
  });

  it('connection-params starts the handshake', async () => {
    const { ctx, begin } = openingContext();
    const message = { type: 'connection-params', speakerId: 'guest7', roomId: 'host1_room' } as const;
    await handleOpening(ctx, message);
    expect(begin).toHaveBeenCalledWith(message);
  });
});

describe('a member’s messages', () => {
  it('reach their feature’s handler', async () => {
    const { ctx, room, member } = fakeMemberContext();
    await handleMember(ctx, { type: 'typed-message', text: 'hi' });
    await handleMember(ctx, { type: 'set-reading-language', lang: 'fr' });
    await handleMember(ctx, { type: 'force-mute', avaId: 'guest7' });
    expect(room.addTypedLine).toHaveBeenCalledWith(member, 'hi', undefined);
    expect(room.setReadingLanguage).toHaveBeenCalledWith(member, 'fr');
    expect(room.forceMute).toHaveBeenCalledWith('guest7');
  });

  it('are awaited: a handler’s work is done when handling resolves', async () => {
    const { ctx, room } = fakeMemberContext();
    let ended = false;
    room.end.mockImplementation(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      ended = true;
    });
    await handleMember(ctx, { type: 'close', reason: 'app_terminated' });
    expect(ended).toBe(true);
  });
});
