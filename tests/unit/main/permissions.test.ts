import { describe, expect, it, vi } from 'vitest';
import { requestMediaAccess, systemSettingsUrl } from '../../../src/main/permissions';

describe('media permissions', () => {
  it('asks macOS for the microphone when it was never asked', async () => {
    const prefs = {
      getMediaAccessStatus: vi.fn(() => 'not-determined'),
      askForMediaAccess: vi.fn(async () => true),
    };
    expect(await requestMediaAccess('microphone', 'darwin', prefs)).toBe('granted');
    expect(prefs.askForMediaAccess).toHaveBeenCalledWith('microphone');
    prefs.askForMediaAccess.mockResolvedValueOnce(false);
    expect(await requestMediaAccess('microphone', 'darwin', prefs)).toBe('denied');
  });

  it('reports a refused screen recording on macOS (it cannot be asked for)', async () => {
    const prefs = { getMediaAccessStatus: vi.fn(() => 'denied'), askForMediaAccess: vi.fn() };
    expect(await requestMediaAccess('screen', 'darwin', prefs)).toBe('denied');
    expect(prefs.askForMediaAccess).not.toHaveBeenCalled();
  });

  it('reads the Windows microphone switch; Linux has no gate', async () => {
    const prefs = { getMediaAccessStatus: vi.fn(() => 'denied') };
    expect(await requestMediaAccess('microphone', 'win32', prefs)).toBe('denied');
    expect(await requestMediaAccess('screen', 'win32', prefs)).toBe('granted');
    expect(await requestMediaAccess('microphone', 'linux', prefs)).toBe('granted');
    expect(await requestMediaAccess('microphone', 'win32', { getMediaAccessStatus: () => 'weird' })).toBe(
      'unknown',
    );
  });

  it('knows where each platform changes a permission', () => {
    expect(systemSettingsUrl('screenCapture', 'darwin')).toBe(
      'x-apple.systempreferences:com.apple.preference.security?Privacy_ScreenCapture',
    );
    expect(systemSettingsUrl('microphone', 'win32')).toBe('ms-settings:privacy-microphone');
    expect(systemSettingsUrl('screenCapture', 'linux')).toBeUndefined();
  });
});
