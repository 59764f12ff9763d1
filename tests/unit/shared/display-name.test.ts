import { describe, expect, it } from 'vitest';
import { displayNameOf } from '../../../src/shared/display-name';

const host = { avaId: 'h1', avaName: 'Ada' };

describe('one display name per person', () => {
  it('is the name they joined with, the one their captions carry, before they speak', () => {
    const status = {
      host,
      speakers: [],
      participants: [{ avaId: 'g1', isTyping: false, userName: 'Guest 4321' }],
    };
    expect(displayNameOf(status, 'g1')).toEqual({ name: 'Guest 4321', isScribe: false });
  });

  it('says who is the Scribe, with their name', () => {
    const status = {
      host,
      speakers: [],
      participants: [{ avaId: 's1', isTyping: false, userName: 'Sam', role: 'scribe' as const }],
    };
    expect(displayNameOf(status, 's1')).toEqual({ name: 'Sam', isScribe: true });
  });

  it('falls back to the name they spoke under, then the host’s account name, then nothing', () => {
    const status = {
      host,
      speakers: [{ avaId: 'g2', avaName: 'Guest 1111', userName: 'Guest 1111' }],
      participants: [
        { avaId: 'g2', isTyping: false },
        { avaId: 'h1', isTyping: false },
      ],
    };
    expect(displayNameOf(status, 'g2').name).toBe('Guest 1111');
    expect(displayNameOf(status, 'h1').name).toBe('Ada');
    expect(displayNameOf(status, 'x').name).toBe('');
  });
});
