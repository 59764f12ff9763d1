/**
 * A socket that knocks at a room requiring admission, as a browser waiting at the door does:
 * connection-params with the link token, then every answer collected (the waiting socket is no
 * CaptionClient: it has not joined).
 */
import WebSocket from 'ws';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { SOCKET_PATH, type ServerMessage } from '../../src/shared/protocol';

export interface Door {
  ws: WebSocket;
  received: ServerMessage[];
  /** Sends connection-params again (a knock after a refusal, on the same socket). */
  knockAgain(): void;
  /** The first message matching, among those received and those to come. */
  until(match: (m: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
}

export async function knock(
  serverUrl: string,
  user: GuestUserWithCredential,
  roomId: string,
  token: string,
): Promise<Door> {
  const ws = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}${SOCKET_PATH}`);
  const received: ServerMessage[] = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as ServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const knockAgain = () =>
    ws.send(
      JSON.stringify({
        type: 'connection-params',
        speakerId: user.avaId,
        roomId,
        guestCredential: user.credential,
        token,
        username: user.userName,
      }),
    );
  knockAgain();
  const until = async (match: (m: ServerMessage) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`not received; got ${received.map((m) => m.type).join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, received, knockAgain, until };
}
