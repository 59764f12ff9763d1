import { describe, expect, it } from 'vitest';
import { displayMediaAnswer } from '../../../../src/main/system-audio/display-media';
import { APP_ORIGIN } from '../../../../src/main/app-protocol';

describe('displayMediaAnswer', () => {
  const screens = [{ id: 'screen:0:0', name: 'Entire screen' }];
  const request = { securityOrigin: APP_ORIGIN, audioRequested: true, videoRequested: true };

  it('gives our page the screen with loopback audio on Windows', () => {
    expect(displayMediaAnswer(request, screens, 'win32', [APP_ORIGIN])).toEqual({
      video: screens[0],
      audio: 'loopback',
    });
  });

  it.each([
    ['another origin', { ...request, securityOrigin: 'https://evil.example' }, 'win32'],
    ['no audio asked', { ...request, audioRequested: false }, 'win32'],
    ['macOS', request, 'darwin'],
    ['Linux', request, 'linux'],
  ])('refuses for %s', (_name, req, platform) => {
    expect(displayMediaAnswer(req, screens, platform, [APP_ORIGIN])).toBeNull();
  });
});
