/** The download page's builds, read from the update feed with a fake feed (fetch answers from a table). */
import { describe, expect, it } from 'vitest';
import {
  FEED_CACHE_MS,
  type FetchLike,
  desktopBuildsSource,
  loadUpdateFeed,
  readDesktopBuilds,
} from '../../../../src/server/desktop-builds/feed';

const FEED = 'https://updates.example.com/hearken';

function fakeFeed(files: Record<string, { body?: string; size?: number; status?: number }>) {
  const asked: string[] = [];
  const fetchFn: FetchLike = async (url, init) => {
    asked.push(`${init.method} ${url}`);
    const file = files[url];
    if (!file) return new Response('no', { status: 404 });
    const headers = file.size === undefined ? undefined : { 'content-length': String(file.size) };
    if (init.method === 'HEAD') return new Response(null, { status: file.status ?? 200, headers });
    return new Response(file.body ?? '', { status: file.status ?? 200 });
  };
  return { fetchFn, asked };
}

const macJson = (arch: string, version: string) =>
  JSON.stringify({
    currentRelease: version,
    releases: [
      { version, updateTo: { version, url: `${FEED}/darwin/${arch}/Hearken-darwin-${arch}-${version}.zip` } },
    ],
  });

const fullFeed = () =>
  fakeFeed({
    [`${FEED}/darwin/arm64/RELEASES.json`]: { body: macJson('arm64', '2.2.0') },
    [`${FEED}/darwin/arm64/Hearken-darwin-arm64-2.2.0.zip`]: { size: 98_000_000 },
    [`${FEED}/darwin/x64/RELEASES.json`]: { body: macJson('x64', '2.2.0') },
    [`${FEED}/darwin/x64/Hearken-darwin-x64-2.2.0.zip`]: { size: 101_000_000 },
    [`${FEED}/win32/x64/RELEASES`]: {
      body: 'FEDCBA9876543210FEDCBA9876543210FEDCBA98 Hearken-2.2.0-full.nupkg 102000000\n',
    },
    [`${FEED}/win32/x64/Hearken-2.2.0%20Setup.exe`]: { size: 104_000_000 },
  });

describe('readDesktopBuilds', () => {
  it('lists each platform’s build with its version, file and size', async () => {
    const { fetchFn } = fullFeed();
    expect(await readDesktopBuilds(FEED, fetchFn)).toEqual({
      configured: true,
      builds: [
        {
          platform: 'darwin',
          arch: 'arm64',
          version: '2.2.0',
          url: `${FEED}/darwin/arm64/Hearken-darwin-arm64-2.2.0.zip`,
          sizeBytes: 98_000_000,
        },
        {
          platform: 'darwin',
          arch: 'x64',
          version: '2.2.0',
          url: `${FEED}/darwin/x64/Hearken-darwin-x64-2.2.0.zip`,
          sizeBytes: 101_000_000,
        },
        {
          platform: 'win32',
          arch: 'x64',
          version: '2.2.0',
          url: `${FEED}/win32/x64/Hearken-2.2.0%20Setup.exe`,
          sizeBytes: 104_000_000,
        },
      ],
      problems: [],
    });
  });

  it('says which platforms could not be read and why, and lists a build whose size is not given', async () => {
    const { fetchFn } = fakeFeed({
      [`${FEED}/darwin/arm64/RELEASES.json`]: { body: macJson('arm64', '2.2.0') },
      [`${FEED}/darwin/x64/RELEASES.json`]: { body: 'not json' },
    });
    const answer = await readDesktopBuilds(FEED, fetchFn);
    expect(answer.builds).toEqual([
      expect.objectContaining({ platform: 'darwin', arch: 'arm64', version: '2.2.0' }),
    ]);
    expect(answer.builds[0]).not.toHaveProperty('sizeBytes');
    expect(answer.problems).toEqual([
      { platform: 'darwin', arch: 'x64', reason: 'RELEASES.json is not JSON' },
      { platform: 'win32', arch: 'x64', reason: 'RELEASES answered 404' },
    ]);
  });
});

describe('desktopBuildsSource', () => {
  it('says when no feed is configured, without asking anyone', async () => {
    const { fetchFn, asked } = fullFeed();
    const source = desktopBuildsSource({ feedBase: undefined, fetch: fetchFn, now: () => 0 });
    expect(await source.get()).toEqual({ configured: false, builds: [], problems: [] });
    expect(asked).toEqual([]);
  });

  it('keeps the answer a few minutes', async () => {
    const { fetchFn, asked } = fullFeed();
    let now = 0;
    const source = desktopBuildsSource({ feedBase: FEED, fetch: fetchFn, now: () => now });
    await source.get();
    const first = asked.length;
    now = FEED_CACHE_MS - 1;
    await source.get();
    expect(asked.length).toBe(first);
    now = FEED_CACHE_MS;
    await source.get();
    expect(asked.length).toBe(first * 2);
  });
});

describe('loadUpdateFeed', () => {
  it('takes an https feed (or http on this machine), and refuses anything else clearly', () => {
    expect(loadUpdateFeed(undefined)).toBeUndefined();
    expect(loadUpdateFeed('  ')).toBeUndefined();
    expect(loadUpdateFeed(`${FEED}/`)).toBe(FEED);
    expect(loadUpdateFeed('http://127.0.0.1:9000/feed')).toBe('http://127.0.0.1:9000/feed');
    expect(() => loadUpdateFeed('http://updates.example.com')).toThrow(/must be https/);
    expect(() => loadUpdateFeed('https://u:p@updates.example.com')).toThrow(/user name or password/);
    expect(() => loadUpdateFeed('feed')).toThrow(/HEARKEN_UPDATE_FEED is not a usable update feed/);
  });
});
