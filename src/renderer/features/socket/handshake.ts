import type { ServerMessageType } from '../../../shared/protocol';

/**
 * The spec's connection order: the first message a client receives must be
 * `connection-succeeded` and the second `room-status`; otherwise an error is logged
 * (conversation.md section 4). Returns the problem to log, or undefined when the order is right.
 * `position` counts from 0 for the first message received on this connection.
 */
export function handshakeProblem(position: number, type: ServerMessageType): string | undefined {
  if (position === 0 && type !== 'connection-succeeded') {
    return `expected connection-succeeded as the first message, received ${type}`;
  }
  if (position === 1 && type !== 'room-status') {
    return `expected room-status as the second message, received ${type}`;
  }
  return undefined;
}
