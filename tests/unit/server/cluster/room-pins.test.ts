import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { RoomPins } from '../../../../src/server/cluster/room-pins';

class FakeSocket extends EventEmitter {
  closedWith: [number?, string?] | undefined;
  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason];
  }
}

describe('RoomPins', () => {
  it('knows a room served while one of its sockets is open', () => {
    const pins = new RoomPins();
    const [a, b] = [new FakeSocket(), new FakeSocket()];
    expect(pins.has('room1')).toBe(false);
    pins.pin('room1', a);
    pins.pin('room1', b);
    a.emit('close');
    expect(pins.has('room1')).toBe(true);
    b.emit('close');
    expect(pins.has('room1')).toBe(false);
  });

  it('closes every socket of a room whose lease is lost, and no other room’s', () => {
    const pins = new RoomPins();
    const [a, b, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    pins.pin('room1', a);
    pins.pin('room1', b);
    pins.pin('room2', other);
    pins.closeAll('room1', 1012, 'moved');
    expect([a.closedWith, b.closedWith, other.closedWith]).toEqual([
      [1012, 'moved'],
      [1012, 'moved'],
      undefined,
    ]);
    expect(pins.has('room1')).toBe(false);
    expect(pins.has('room2')).toBe(true);
  });

  it('is not confused by a socket of a forgotten set closing after the room is served again', () => {
    const pins = new RoomPins();
    const old = new FakeSocket();
    pins.pin('room1', old);
    pins.closeAll('room1', 1012, 'moved');
    const fresh = new FakeSocket();
    pins.pin('room1', fresh);
    old.emit('close');
    expect(pins.has('room1')).toBe(true);
  });
});
