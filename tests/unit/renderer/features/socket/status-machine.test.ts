import { describe, expect, it } from 'vitest';
import {
  SOCKET_EVENTS,
  SOCKET_STATUSES,
  type SocketStatus,
  type SocketStatusEvent,
  attemptEvent,
  nextSocketStatus,
} from '../../../../../src/renderer/features/socket/status-machine';

const run = (from: SocketStatus, events: SocketStatusEvent[]) => events.reduce(nextSocketStatus, from);

describe('websocket status machine', () => {
  it('has the seven statuses of the spec', () => {
    expect([...SOCKET_STATUSES].sort()).toEqual(
      ['closed', 'disconnected', 'offline', 'online', 'pending', 'reconnecting', 'uninitialized'].sort(),
    );
  });

  it('goes uninitialized -> pending -> online on a first connection', () => {
    expect(nextSocketStatus('uninitialized', 'connect')).toBe('pending');
    expect(nextSocketStatus('pending', 'succeeded')).toBe('online');
  });

  it('reconnects through disconnected and reconnecting', () => {
    expect(run('online', ['lost'])).toBe('disconnected');
    expect(run('online', ['lost', 'retry'])).toBe('reconnecting');
    expect(run('online', ['lost', 'retry', 'succeeded'])).toBe('online');
    expect(run('online', ['lost', 'retry', 'lost'])).toBe('disconnected');
  });

  it('goes offline from any live status and retries from there', () => {
    for (const from of ['uninitialized', 'pending', 'online', 'disconnected', 'reconnecting'] as const) {
      expect(nextSocketStatus(from, 'offline')).toBe('offline');
    }
    expect(nextSocketStatus('offline', 'retry')).toBe('reconnecting');
  });

  it('closes from every status but closed, and a closed socket can connect again', () => {
    for (const from of SOCKET_STATUSES) expect(nextSocketStatus(from, 'close')).toBe('closed');
    expect(nextSocketStatus('closed', 'connect')).toBe('pending');
  });

  it('ignores events a status does not accept', () => {
    expect(nextSocketStatus('online', 'succeeded')).toBe('online');
    expect(nextSocketStatus('online', 'connect')).toBe('online');
    expect(nextSocketStatus('uninitialized', 'succeeded')).toBe('uninitialized');
    expect(nextSocketStatus('closed', 'lost')).toBe('closed');
    expect(nextSocketStatus('closed', 'offline')).toBe('closed');
    expect(nextSocketStatus('offline', 'succeeded')).toBe('offline');
  });

  it('never reaches online without succeeded', () => {
    for (const from of SOCKET_STATUSES) {
      for (const event of SOCKET_EVENTS) {
        if (event !== 'succeeded' && from !== 'online')
          expect(nextSocketStatus(from, event)).not.toBe('online');
      }
    }
  });

  it('names a first attempt connect and a later one retry', () => {
    expect(attemptEvent('uninitialized')).toBe('connect');
    expect(attemptEvent('closed')).toBe('connect');
    expect(attemptEvent('disconnected')).toBe('retry');
    expect(attemptEvent('offline')).toBe('retry');
  });
});
