/**
 * Identifier formats. A client-created room id is the host's avaId, an underscore, then a
 * random id (conversation.md section 3), so the server can tell who may create the room.
 */

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random id from the platform's cryptographic generator (browser and Node both have it). */
export function randomId(length = 16): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** A new avaId, a guest's or an account's alike (the server makes them). */
export function makeAvaId(): string {
  return randomId(20);
}

export function makeRoomId(hostAvaId: string): string {
  return `${hostAvaId}_${randomId(12)}`;
}

/** The host avaId a room id was created by, or undefined if the id does not have that form. */
export function hostOfRoomId(roomId: string): string | undefined {
  const at = roomId.lastIndexOf('_');
  return at > 0 ? roomId.slice(0, at) : undefined;
}
