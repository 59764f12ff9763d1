import { describe, expect, it } from 'vitest';
import { applyPreferencesUpdate, SERVER_URL_PROBLEMS } from '../../src/main/settings';
import { DEFAULT_PREFERENCES } from '../../src/shared/desktop-preferences';
import { checkServerUrl, isLoopbackHost, type ServerUrlProblem } from '../../src/shared/desktop';

describe('checkServerUrl: http only to this computer', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://127.255.3.4/', 'http://127.255.3.4'],
    ['http://localhost:8080/hearken/', 'http://localhost:8080/hearken'],
    ['http://LOCALHOST:8080', 'http://localhost:8080'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['http://[0:0:0:0:0:0:0:1]:8080', 'http://[::1]:8080'],
    // Other spellings of 127.0.0.1, as the URL standard reads them.
    ['http://127.1:8080', 'http://127.0.0.1:8080'],
    ['http://0x7f.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://2130706433:8080', 'http://127.0.0.1:8080'],
    ['https://captions.example.org/', 'https://captions.example.org'],
    ['  https://10.0.0.5:8443/hearken ', 'https://10.0.0.5:8443/hearken'],
  ])('accepts %j as %j', (input, url) => {
    expect(checkServerUrl(input)).toEqual({ ok: true, url });
  });

  it.each<[string, ServerUrlProblem]>([
    ['http://127.0.0.1.evil.com', 'insecure-remote'],
    ['http://127.0.0.1.nip.io:8080', 'insecure-remote'],
    ['http://localhost.evil.com', 'insecure-remote'],
    ['http://localhost.', 'insecure-remote'],
    ['http://captions.localhost', 'insecure-remote'],
    ['http://evil.com/127.0.0.1', 'insecure-remote'],
    ['http://evil.com#@127.0.0.1', 'query-or-fragment'],
    ['http://evil.com?localhost', 'query-or-fragment'],
    ['http://127.0.0.1@evil.com', 'credentials'],
    ['http://localhost:pw@evil.com', 'credentials'],
    ['https://user:pw@captions.example.org', 'credentials'],
    ['http://0.0.0.0:8080', 'insecure-remote'],
    ['http://10.0.0.5:8080', 'insecure-remote'],
    ['http://192.168.1.2', 'insecure-remote'],
    ['http://[::ffff:127.0.0.1]', 'insecure-remote'],
    ['http://[::2]', 'insecure-remote'],
    ['http://128.0.0.1', 'insecure-remote'],
    ['http://captions.example.org', 'insecure-remote'],
    ['ws://127.0.0.1:8080', 'unsupported-scheme'],
    ['file:///etc/passwd', 'unsupported-scheme'],
    ['javascript:alert(1)', 'unsupported-scheme'],
    ['ftp://127.0.0.1', 'unsupported-scheme'],
    ['127.0.0.1:8080', 'malformed'],
    ['localhost', 'malformed'],
    ['http://', 'malformed'],
  ])('refuses %j (%s)', (input, problem) => {
    expect(checkServerUrl(input)).toEqual({ ok: false, problem });
  });

  it('reads loopback hosts as the URL standard writes them', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.256')).toBe(false);
    expect(isLoopbackHost('::1')).toBe(false);
    expect(isLoopbackHost('127.0.0.1.evil.com')).toBe(false);
  });

  it('says why in the log for every problem', () => {
    for (const sentence of Object.values(SERVER_URL_PROBLEMS)) expect(sentence.length).toBeGreaterThan(10);
    expect(SERVER_URL_PROBLEMS['insecure-remote']).toMatch(/https/);
  });
});

describe('the preferences screen (desktop:updatePreferences)', () => {
  const saved = { ...DEFAULT_PREFERENCES, serverUrl: 'https://captions.example.org' };

  it('refuses plain http to another machine and keeps the saved address', () => {
    const result = applyPreferencesUpdate(saved, {
      serverUrl: 'http://captions.example.org',
      clickThrough: true,
    });
    expect(result.problem).toBe('server-url-invalid');
    expect(result.serverUrlProblem).toBe('insecure-remote');
    expect(result.preferences.serverUrl).toBe('https://captions.example.org');
    // The rest of the update still applies.
    expect(result.preferences.clickThrough).toBe(true);
  });

  it('accepts http to this computer', () => {
    const result = applyPreferencesUpdate(saved, { serverUrl: 'http://localhost:8080' });
    expect(result).toEqual({ preferences: { ...saved, serverUrl: 'http://localhost:8080' } });
  });
});
