/**
 * The sockets this node serves as their room's owner, by room: a client's own socket served
 * here, or a relayed one (a client's or a provider's) whose front is another node. While a room
 * has one, the node wants to keep its lease; when the lease is lost, every one of them is closed
 * so that it reconnects to the room's new owner.
 */
import type { ConnectionSocket } from '../socket';

type PinnedSocket = Pick<ConnectionSocket, 'close'> & {
  on(event: 'close', listener: () => void): unknown;
};

export class RoomPins {
  private readonly pins = new Map<string, Set<PinnedSocket>>();

  /** Counts `socket` as the room's until it closes. */
  pin(roomId: string, socket: PinnedSocket): void {
    let set = this.pins.get(roomId);
    if (!set) this.pins.set(roomId, (set = new Set()));
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.pins.get(roomId) === set) this.pins.delete(roomId);
    });
  }

  /** Whether this node serves any socket of the room now. */
  has(roomId: string): boolean {
    return (this.pins.get(roomId)?.size ?? 0) > 0;
  }

  /** Closes every socket of the room with `code` and `reason`, and forgets them. */
  closeAll(roomId: string, code: number, reason: string): void {
    for (const socket of this.pins.get(roomId) ?? []) socket.close(code, reason);
    this.pins.delete(roomId);
  }
}
