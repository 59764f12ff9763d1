/**
 * The addresses a provider reaches a media participant at (a meeting bot's real-time audio
 * socket, a phone call's status callbacks and media stream), on the server's own origin as the
 * provider reaches it. Each names the participant's room, so that the cluster's node it lands on
 * sends it to the room's owner (cluster/forwarding.ts); the participant's token names the
 * participant itself, and proves it where the provider signs nothing (a real-time socket).
 */

/** The same origin for a WebSocket: `ws:` for `http:`, `wss:` for `https:`. */
export function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

/** `<origin><path>?token=…&room=…`: an address of one participant, in its room. */
export function participantAddress(origin: string, path: string, token: string, roomId: string): string {
  return `${origin}${path}?token=${encodeURIComponent(token)}&room=${encodeURIComponent(roomId)}`;
}
