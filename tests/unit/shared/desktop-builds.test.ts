/** Reading the update feed's metadata for the download page (accounts.md: download). */
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  feedFolder,
  formatBuildSize,
  parseMacReleases,
  parseWindowsReleases,
} from '../../../src/shared/desktop-builds';

const FEED = 'https://updates.example.com/hearken';
const MAC = feedFolder(FEED, 'darwin', 'arm64');
const WIN = feedFolder(`${FEED}/`, 'win32', 'x64');

/** RELEASES.json as maker-zip writes it. */
const macManifest = (current: string, url = `${MAC}/Hearken-darwin-arm64-${current}.zip`) =>
  JSON.stringify({
    currentRelease: current,
    releases: [
      { version: '2.1.0', updateTo: { version: '2.1.0', name: 'Hearken v2.1.0', url: `${MAC}/old.zip` } },
      { version: current, updateTo: { version: current, name: `Hearken v${current}`, url, notes: '' } },
    ],
  });

describe('parseMacReleases', () => {
  it('takes the current release and its zip', () => {
    expect(parseMacReleases(macManifest('2.2.0'), MAC)).toEqual({
      ok: true,
      version: '2.2.0',
      url: `${MAC}/Hearken-darwin-arm64-2.2.0.zip`,
    });
  });

  it('refuses what is not a manifest, or a file outside the feed', () => {
    expect(parseMacReleases('<html>', MAC)).toEqual({ ok: false, reason: 'RELEASES.json is not JSON' });
    expect(parseMacReleases('{"currentRelease":""}', MAC).ok).toBe(false);
    expect(parseMacReleases(JSON.stringify({ currentRelease: '3.0.0', releases: [] }), MAC)).toEqual({
      ok: false,
      reason: 'RELEASES.json has no file for 3.0.0',
    });
    expect(parseMacReleases(macManifest('2.2.0', 'https://evil.example.net/x.zip'), MAC)).toEqual({
      ok: false,
      reason: 'RELEASES.json points outside the feed',
    });
  });
});

describe('parseWindowsReleases', () => {
  it('takes the newest full package and points at its Setup.exe', () => {
    const releases = [
      '\uFEFF0123456789ABCDEF0123456789ABCDEF01234567 Hearken-2.1.0-full.nupkg 101000000',
      'ABCDEF0123456789ABCDEF0123456789ABCDEF01 Hearken-2.2.0-delta.nupkg 2000000',
      'FEDCBA9876543210FEDCBA9876543210FEDCBA98 Hearken-2.2.0-full.nupkg 102000000',
    ].join('\r\n');
    expect(parseWindowsReleases(releases, WIN)).toEqual({
      ok: true,
      version: '2.2.0',
      url: `${FEED}/win32/x64/Hearken-2.2.0%20Setup.exe`,
    });
    expect(parseWindowsReleases('nothing here', WIN)).toEqual({
      ok: false,
      reason: 'RELEASES lists no full package',
    });
  });
});

describe('compareVersions and formatBuildSize', () => {
  it('orders versions as numbers, a pre-release before its release', () => {
    expect(compareVersions('2.10.0', '2.9.1')).toBeGreaterThan(0);
    expect(compareVersions('2.2.0-beta.1', '2.2.0')).toBeLessThan(0);
    expect(compareVersions('2.2.0', '2.2.0')).toBe(0);
  });

  it('writes sizes in decimal units in the reader’s language', () => {
    expect(formatBuildSize(102_400_000, 'en')).toBe('102.4 MB');
    expect(formatBuildSize(102_400_000, 'fr')).toMatch(/^102,4\s?Mo$/);
    expect(formatBuildSize(900, 'en')).toBe('900 byte');
  });
});
