import { describe, expect, it } from 'vitest';
import { callLogFields, maskedNumber } from '../../../../src/server/phone-calls/call-log';

describe('the phone call log (issue 29)', () => {
  it.each([
    ['+33123456789', '+*******6789'],
    ['+19005550100', '+*******0100'],
    ['+3222909360', '+******9360'],
    // A short number keeps no more than half its digits.
    ['+123', '+**3'],
    [' +33123456789 ', '+*******6789'],
  ])('masks %s but its last digits: %s', (number, masked) => {
    expect(maskedNumber(number)).toBe(masked);
  });

  it.each([[undefined], [42], ['+33 1 23 45 67 89'], ['call me'], ['']])(
    'does not log %j, which is not a number as sent',
    (number) => {
      expect(maskedNumber(number)).toBe('(not a number)');
    },
  );

  it('says who asked, in which room, the masked number and what came of it', () => {
    expect(
      callLogFields({
        who: 'guest-1',
        roomId: 'guest-1_abc',
        number: '+12684601234',
        result: 'phone-number-denied',
        range: '+1268',
      }),
    ).toEqual({
      avaId: 'guest-1',
      roomId: 'guest-1_abc',
      number: '+*******1234',
      result: 'phone-number-denied',
      range: '+1268',
    });
    expect(
      callLogFields({ who: 'a1', roomId: 'r', number: '+33123456789', result: 'placed', sid: 'CA1' }),
    ).toEqual({ avaId: 'a1', roomId: 'r', number: '+*******6789', result: 'placed', sid: 'CA1' });
  });
});
