import { describe, expect, it } from 'vitest';
import { launchOptions } from '../../../src/main/launch-options';
import { HIDDEN_LAUNCH_ARG } from '../../../src/main/login-item';

describe('launchOptions', () => {
  it('opens normally by default', () => {
    expect(launchOptions(['/usr/bin/hearken'], {})).toEqual({ hidden: false });
  });

  it('stays in the tray when started at login', () => {
    expect(launchOptions(['/usr/bin/hearken', HIDDEN_LAUNCH_ARG], {}).hidden).toBe(true);
  });

  it('takes the server and the caption window of development and the smoke test from the environment', () => {
    expect(
      launchOptions([], {
        HEARKEN_SERVER_URL: 'http://127.0.0.1:9090',
        HEARKEN_OPEN_CAPTIONS: 'captionsBox',
      }),
    ).toEqual({ hidden: false, serverUrl: 'http://127.0.0.1:9090', openCaptions: 'captionsBox' });
  });

  it('ignores empty variables and a caption mode that does not exist', () => {
    expect(launchOptions([], { HEARKEN_SERVER_URL: '', HEARKEN_OPEN_CAPTIONS: 'fullscreen' })).toEqual({
      hidden: false,
    });
  });
});
