/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import { showsDeveloperMode } from '../../../../../../src/renderer/features/account-settings/components/GeneralSettings';

describe('showsDeveloperMode', () => {
  it('shows developer mode on localhost or with the dev-mode flag', () => {
    expect(showsDeveloperMode(true, {})).toBe(true);
    expect(showsDeveloperMode(false, { 'dev-mode': true })).toBe(true);
    expect(showsDeveloperMode(false, { 'dev-mode': false, scribe: true })).toBe(false);
  });
});
