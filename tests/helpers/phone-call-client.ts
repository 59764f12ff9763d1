/**
 * What the phone call integration tests (Twilio's stand-in, the SIP trunk) do as clients: a host
 * with a room, the calls route's POST and DELETE as a guest, and reading a call and the finals
 * out of what a socket received.
 */
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import type { GuestUserWithCredential, Transcript } from '../../src/shared/entities';
import { guestAuthorization } from '../../src/shared/auth';
import { PHONE_CALL_API, type TwilioCall } from '../../src/shared/phone-calls';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';

export function phoneCallClient(
  /** The server's URL, once it has started. */
  serverUrl: () => string,
  /** Sockets opened here, for the test to close. */
  clients: CaptionClient[],
  /** The conference every call dials unless a test says otherwise. */
  conference: { calleeInternationalNumber: string; sendDigits: string },
) {
  const callBody = (roomId: string, changes: Record<string, unknown> = {}) => ({
    roomId,
    ...conference,
    speechLang: 'en-US',
    conferenceType: 'zoom',
    ...changes,
  });

  async function post(user: GuestUserWithCredential | undefined, body: unknown) {
    const response = await fetch(`${serverUrl()}${PHONE_CALL_API.calls}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(user ? { authorization: guestAuthorization(user.credential) } : {}),
      },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function hangUp(user: GuestUserWithCredential, sid: string) {
    const response = await fetch(`${serverUrl()}${PHONE_CALL_API.call(sid)}`, {
      method: 'DELETE',
      headers: { authorization: guestAuthorization(user.credential) },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function hostWithRoom(name: string) {
    const user = await createGuest(serverUrl(), name);
    const client = await CaptionClient.connect(serverUrl(), { user });
    clients.push(client);
    const status = client.received.find((r) => r.message.type === 'room-status')!
      .message as ServerMessageOf<'room-status'>;
    return { user, client, status: status.status };
  }

  return { callBody, post, hangUp, hostWithRoom };
}

/** The call `sid` as a room status shows it, if `m` is one. */
export const callIn = (m: ServerMessage, sid: string): TwilioCall | undefined =>
  m.type === 'room-status' || m.type === 'room-status-update'
    ? m.status.twilioCalls?.find((c) => c.sid === sid)
    : undefined;

/** The final lines a socket has received. */
export const finals = (client: CaptionClient): Transcript[] =>
  client.received
    .map((r) => r.message)
    .flatMap((m: ServerMessage) => (m.type === 'transcript' && m.transcript.isFinal ? [m.transcript] : []));
