/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import { isConnectionOfflineError } from '../../../src/shared/account-errors';

describe('isConnectionOfflineError', () => {
  it("ignores the 'connection appears offline' error", () => {
    expect(isConnectionOfflineError('The Internet connection appears to be offline.')).toBe(true);
    expect(isConnectionOfflineError('Failed to get document because the client is offline.')).toBe(true);
    expect(isConnectionOfflineError('Wrong password')).toBe(false);
    expect(isConnectionOfflineError(undefined)).toBe(false);
  });
});
