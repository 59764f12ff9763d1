/**
 * Counting an ended conversation in the background: the metrics are asked with the time it
 * ended, and a failure is logged with the room, never thrown at the caller.
 */
import { describe, expect, it } from 'vitest';
import { countEndedConversation } from '../../../../src/server/accounts/conversation-metrics';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('countEndedConversation', () => {
  it('counts the room at the current time', async () => {
    const counted: [string, number][] = [];
    const countEnded = countEndedConversation({
      metrics: {
        countEnded: async (roomId, nowMs) => {
          counted.push([roomId, nowMs]);
          return true;
        },
      },
      now: () => 42,
      log: () => {
        throw new Error('nothing to log');
      },
    });
    expect(countEnded('room1')).toBeUndefined();
    await settle();
    expect(counted).toEqual([['room1', 42]]);
  });

  it('logs a failure with the room instead of throwing', async () => {
    const logged: unknown[] = [];
    const countEnded = countEndedConversation({
      metrics: { countEnded: async () => Promise.reject(new Error('database gone')) },
      now: () => 42,
      log: (level, message, extra) => logged.push([level, message, extra]),
    });
    countEnded('room1');
    await settle();
    expect(logged).toEqual([
      [
        'warn',
        'could not count the conversation in its metrics',
        { roomId: 'room1', error: 'database gone' },
      ],
    ]);
  });
});
