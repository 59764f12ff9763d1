import { describe, expect, it } from 'vitest';
import {
  ROOM_NAME_PROBLEMS,
  roomNameMessage,
  validateRoomNameInput,
} from '../../../../../src/renderer/features/lobby/room-name-messages';
import { createI18n } from '../../../../../src/renderer/i18n';

describe('room name messages', () => {
  const i18n = createI18n('en', () => {});

  it('accepts a good name, forgiving case, spaces and surrounding blanks', () => {
    expect(validateRoomNameInput('blue-river-42')).toBeUndefined();
    expect(validateRoomNameInput('  Blue River 42 ')).toBeUndefined();
  });

  it('explains a name that is too short in words', () => {
    const message = validateRoomNameInput('ab');
    expect(message?.key).toBe('lobby.join.problems.too-short');
    expect(i18n.t(message!.key, message!.values)).toBe('A room name has at least 3 characters.');
  });

  it('explains a name that is too long in words', () => {
    const message = validateRoomNameInput('a'.repeat(40));
    expect(i18n.t(message!.key, message!.values)).toBe('A room name has at most 32 characters.');
  });

  it('explains invalid characters in words', () => {
    for (const input of ['room!', 'café-room', 'a--b', '-abc']) {
      const message = validateRoomNameInput(input);
      expect(message?.key, input).toBe('lobby.join.problems.invalid-characters');
    }
  });

  it('has words for every problem in English and French', async () => {
    const fr = createI18n('fr', () => {});
    for (const problem of ROOM_NAME_PROBLEMS) {
      const { key, values } = roomNameMessage(problem);
      const english = i18n.t(key, values);
      const french = fr.t(key, values);
      expect(english).not.toBe(key);
      expect(french).not.toBe(key);
      expect(french).not.toBe(english);
      expect(english).not.toMatch(/\{\{/);
    }
  });
});
