import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { decideUpdateFeed, startAutoUpdates, updateFeedProblem } from '../../../src/main/update';

const BUILD = 'https://updates.example.org/hearken';

describe('updateFeedProblem: https only', () => {
  it.each([BUILD, `${BUILD}/`, 'https://10.0.0.2:8443/feed'])('accepts %s', (feed) => {
    expect(updateFeedProblem(feed)).toBeUndefined();
  });

  it.each([
    ['http://updates.example.org/hearken', /https/],
    ['http://127.0.0.1:8080/feed', /https/],
    ['file:///tmp/feed', /https/],
    ['ftp://updates.example.org', /https/],
    ['HTTP://updates.example.org', /https/],
    ['//updates.example.org', /not a URL/],
    ['updates.example.org', /not a URL/],
    ['https://user:pw@updates.example.org', /user name or password/],
    ['https://updates.example.org/?v=1', /query or fragment/],
  ])('refuses %s', (feed, reason) => {
    expect(updateFeedProblem(feed)).toMatch(reason);
  });
});

describe('decideUpdateFeed', () => {
  it('uses the build feed in a packaged app, whatever the environment says', () => {
    const decision = decideUpdateFeed({
      isPackaged: true,
      buildFeed: `${BUILD}/`,
      envFeed: 'https://attacker.example.net/feed',
    });
    expect(decision.base).toBe(BUILD);
    expect(decision.log).toEqual([
      { level: 'warn', message: expect.stringMatching(/ignored in a packaged build/) },
    ]);
  });

  it('cannot be switched off or downgraded by the environment in a packaged app', () => {
    expect(decideUpdateFeed({ isPackaged: true, buildFeed: BUILD, envFeed: '' }).base).toBe(BUILD);
    expect(decideUpdateFeed({ isPackaged: true, buildFeed: BUILD, envFeed: 'http://x.example' }).base).toBe(
      BUILD,
    );
  });

  it('says nothing about an environment that repeats the build feed', () => {
    expect(decideUpdateFeed({ isPackaged: true, buildFeed: BUILD, envFeed: BUILD })).toEqual({
      base: BUILD,
      log: [],
    });
  });

  it('lets a development run try another https feed', () => {
    const decision = decideUpdateFeed({
      isPackaged: false,
      buildFeed: BUILD,
      envFeed: 'https://staging.example.org/f',
    });
    expect(decision).toEqual({ base: 'https://staging.example.org/f', log: [] });
  });

  it.each([
    ['a packaged build made with an http feed', true, 'http://updates.example.org/hearken', undefined],
    ['a development run pointed at http', false, BUILD, 'http://127.0.0.1:9000'],
    ['a file feed', false, '', 'file:///home/me/feed'],
  ])('refuses %s and says why', (_name, isPackaged, buildFeed, envFeed) => {
    const decision = decideUpdateFeed({ isPackaged, buildFeed, envFeed });
    expect(decision.base).toBeUndefined();
    expect(decision.log).toContainEqual({
      level: 'warn',
      message: expect.stringMatching(
        /update feed refused \(it must be https:\/\/.*auto-update and version notices are off/,
      ),
    });
  });

  it('says when there is no feed at all', () => {
    expect(decideUpdateFeed({ isPackaged: true, buildFeed: '', envFeed: undefined })).toEqual({
      base: undefined,
      log: [{ level: 'info', message: expect.stringMatching(/no update feed/) }],
    });
  });
});

describe('startAutoUpdates refuses a feed that is not https', () => {
  it.each(['http://updates.example.org/hearken', 'file:///C:/feed'])('%s', (feedBase) => {
    const updater = Object.assign(new EventEmitter(), {
      setFeedURL: vi.fn(),
      checkForUpdates: vi.fn(),
      quitAndInstall: vi.fn(),
    });
    const status = vi.fn();
    const updates = startAutoUpdates({
      autoUpdater: updater,
      platform: 'darwin',
      arch: 'arm64',
      isPackaged: true,
      feedBase,
      timers: { setInterval: vi.fn(), clearInterval: vi.fn() },
      onStatus: status,
    });
    expect(updates.enabled).toBe(false);
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
    expect(status).toHaveBeenCalledWith(
      'disabled',
      expect.stringMatching(/update feed refused: it must be https/),
    );
  });
});
