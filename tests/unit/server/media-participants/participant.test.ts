/**
 * The member a media participant speaks as: a participant who writes audio, reads nothing, and
 * never counts as a paid user; new ones are told apart by their kind and a random id.
 */
import { describe, expect, it } from 'vitest';
import { mediaMember, newMemberId } from '../../../../src/server/media-participants/participant';

describe('mediaMember', () => {
  it('is a read-write participant, not paid, that nothing is sent to', () => {
    const member = mediaMember('phone-call-abc', 'Phone call');
    expect(member).toEqual({
      avaId: 'phone-call-abc',
      userName: 'Phone call',
      role: 'participant',
      readonly: false,
      usePaidASR: false,
      send: expect.any(Function),
    });
    expect(member.send({ type: 'room-status-update' } as never)).toBeUndefined();
  });
});

describe('newMemberId', () => {
  it('names the kind, then 12 random characters', () => {
    const a = newMemberId('meeting-bot');
    expect(a).toMatch(/^meeting-bot-[A-Za-z0-9]{12}$/);
    expect(newMemberId('meeting-bot')).not.toBe(a);
  });
});
