import { describe, expect, it } from 'vitest';
import { continueInBrowserPath } from '../../../../../src/renderer/features/desktop-download/launch';
import { accountStartPath } from '../../../../../src/shared/routes';

describe('continueInBrowserPath', () => {
  it('goes where the link asked, when it is a page of this app; else to the lobby', () => {
    expect(continueInBrowserPath('?redirect=%2Fweb%2Ftranscript%3FroomId%3Dr1')).toBe(
      '/web/transcript?roomId=r1',
    );
    expect(continueInBrowserPath('')).toBe('/web/conversations');
    expect(continueInBrowserPath('?redirect=https://evil.example.net/')).toBe('/web/conversations');
    expect(continueInBrowserPath('?redirect=//evil.example.net/')).toBe('/web/conversations');
  });
});

describe('accountStartPath (account/start)', () => {
  it('sends someone with no organisation or licence to create one, everyone else to the dashboard', () => {
    expect(accountStartPath({ hasOrganization: false, hasLicence: false })).toBe(
      '/account/organization/create',
    );
    expect(accountStartPath({ hasOrganization: true, hasLicence: false })).toBe('/account/dashboard');
    expect(accountStartPath({ hasOrganization: false, hasLicence: true })).toBe('/account/dashboard');
  });
});
