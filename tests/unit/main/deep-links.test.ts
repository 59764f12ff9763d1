import { describe, expect, it, vi } from 'vitest';
import {
  type AccountSummary,
  DeepLinkReceiver,
  type SignInRequest,
  accountOfCustomToken,
  registerProtocolClient,
  signInDialog,
} from '../../../src/main/deep-links';
import { mainStrings } from '../../../src/main/strings';
import { DESKTOP_OPEN_DEEP_LINK, desktopLoginDeepLink } from '../../../src/shared/desktop';
import { TOKEN, SERVER, USER_1, tokenFor } from '../../helpers/deep-links';

describe('DeepLinkReceiver', () => {
  function receiver(
    options: {
      save?: () => Promise<'encrypted' | 'memory-only'>;
      answer?: (request: SignInRequest) => Promise<boolean>;
      current?: AccountSummary;
    } = {},
  ) {
    let current = options.current;
    const deps = {
      saveToken: vi.fn(options.save ?? (async () => 'encrypted' as const)),
      deliverToken: vi.fn(),
      showMainWindow: vi.fn(),
      signedInAccount: vi.fn(() => current),
      accountSignedIn: vi.fn((account: AccountSummary) => void (current = account)),
      serverUrl: () => SERVER,
      confirmSignIn: vi.fn(options.answer ?? (async () => true)),
      log: vi.fn(),
    };
    return { deps, r: new DeepLinkReceiver(deps), current: () => current };
  }

  it('asks first, then stores, delivers and remembers the account', async () => {
    const { deps, r, current } = receiver();
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: true, stored: 'encrypted' });
    expect(deps.confirmSignIn).toHaveBeenCalledWith({ account: USER_1, server: SERVER });
    expect(deps.showMainWindow.mock.invocationCallOrder[0]).toBeLessThan(
      deps.confirmSignIn.mock.invocationCallOrder[0]!,
    );
    expect(deps.confirmSignIn.mock.invocationCallOrder[0]).toBeLessThan(
      deps.saveToken.mock.invocationCallOrder[0]!,
    );
    expect(deps.saveToken).toHaveBeenCalledWith(TOKEN);
    expect(deps.deliverToken).toHaveBeenCalledWith(TOKEN);
    expect(current()).toEqual(USER_1);
  });

  it('only shows the app for hearken://open, asking and keeping nothing', async () => {
    const { deps, r } = receiver();
    expect(await r.handleUrl(DESKTOP_OPEN_DEEP_LINK)).toEqual({ ok: true, opened: true });
    expect(deps.showMainWindow).toHaveBeenCalledTimes(1);
    expect(deps.confirmSignIn).not.toHaveBeenCalled();
    expect(deps.saveToken).not.toHaveBeenCalled();
  });

  it('keeps nothing and signs nobody in when the person declines', async () => {
    const { deps, r, current } = receiver({ answer: async () => false });
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: false, problem: 'declined' });
    expect(deps.saveToken).not.toHaveBeenCalled();
    expect(deps.deliverToken).not.toHaveBeenCalled();
    expect(current()).toBeUndefined();
  });

  it('names the signed-in account, and refusing keeps it', async () => {
    const alice = { uid: 'alice', label: 'alice@example.org' };
    const { deps, r, current } = receiver({ current: alice, answer: async () => false });
    const mallory = tokenFor({ uid: 'mallory', claims: { email: 'mallory@example.net' } });
    expect(await r.handleUrl(desktopLoginDeepLink(mallory))).toEqual({ ok: false, problem: 'declined' });
    expect(deps.confirmSignIn).toHaveBeenCalledWith({
      account: { uid: 'mallory', label: 'mallory@example.net' },
      current: alice,
      server: SERVER,
    });
    expect(deps.saveToken).not.toHaveBeenCalled();
    expect(deps.deliverToken).not.toHaveBeenCalled();
    expect(current()).toBe(alice);
  });

  it('switches accounts only when the person chooses to', async () => {
    const alice = { uid: 'alice', label: 'alice@example.org' };
    const { deps, r, current } = receiver({ current: alice, answer: async () => true });
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: true, stored: 'encrypted' });
    expect(deps.deliverToken).toHaveBeenCalledWith(TOKEN);
    expect(current()).toEqual(USER_1);
  });

  it('treats a dialog that fails as a no', async () => {
    const { deps, r } = receiver({ answer: async () => Promise.reject(new Error('no window')) });
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: false, problem: 'declined' });
    expect(deps.saveToken).not.toHaveBeenCalled();
  });

  it('shows one confirmation at a time: links arriving meanwhile are dropped', async () => {
    let answer!: (yes: boolean) => void;
    const { deps, r } = receiver({ answer: () => new Promise<boolean>((ok) => (answer = ok)) });
    const first = r.handleUrl(desktopLoginDeepLink(TOKEN));
    await Promise.resolve();
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: false, problem: 'busy' });
    answer(false);
    expect(await first).toEqual({ ok: false, problem: 'declined' });
    expect(deps.confirmSignIn).toHaveBeenCalledTimes(1);
    // Once answered, the next link is asked about again.
    void r.handleUrl(desktopLoginDeepLink(TOKEN));
    await Promise.resolve();
    expect(deps.confirmSignIn).toHaveBeenCalledTimes(2);
  });

  it('finds the link in a second launch command line (Windows, Linux)', async () => {
    const { deps, r } = receiver();
    const outcome = await r.handleArgv(['C:\\Hearken\\Hearken.exe', '--', desktopLoginDeepLink(TOKEN)]);
    expect(outcome).toEqual({ ok: true, stored: 'encrypted' });
    expect(await r.handleArgv(['C:\\Hearken\\Hearken.exe'])).toBeUndefined();
    expect(deps.deliverToken).toHaveBeenCalledTimes(1);
  });

  it('ignores a bad link without asking or logging its contents', async () => {
    const { deps, r } = receiver();
    expect(await r.handleUrl('hearken://login?customToken=secret-but-malformed')).toEqual({
      ok: false,
      problem: 'invalid-token',
    });
    // A JWT shape without a uid is not a sign-in either.
    const noUid = tokenFor({ sub: 'someone' });
    expect(await r.handleUrl(desktopLoginDeepLink(noUid))).toEqual({ ok: false, problem: 'invalid-token' });
    expect(deps.confirmSignIn).not.toHaveBeenCalled();
    expect(deps.deliverToken).not.toHaveBeenCalled();
    expect(JSON.stringify(deps.log.mock.calls)).not.toContain('secret-but-malformed');
    expect(JSON.stringify(deps.log.mock.calls)).not.toContain(noUid);
  });

  it('reports a failed save and delivers nothing', async () => {
    const { deps, r, current } = receiver({ save: async () => Promise.reject(new Error('disk full')) });
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: false, problem: 'save-failed' });
    expect(deps.deliverToken).not.toHaveBeenCalled();
    expect(current()).toBeUndefined();
  });
});

describe('accountOfCustomToken', () => {
  it('reads the uid, and an e-mail claim when the server adds one', () => {
    expect(accountOfCustomToken(TOKEN)).toEqual(USER_1);
    expect(accountOfCustomToken(tokenFor({ uid: 'u', claims: { email: 'ann@example.org' } }))).toEqual({
      uid: 'u',
      label: 'ann@example.org',
    });
  });

  it('shows no control or direction-changing characters, and no endless label', () => {
    const tricky = tokenFor({ uid: 'u', claims: { email: 'ann@\u202egro.elpmaxe\u0007' } });
    expect(accountOfCustomToken(tricky)!.label).toBe('ann@gro.elpmaxe');
    const long = accountOfCustomToken(tokenFor({ uid: 'x'.repeat(128) }))!;
    expect(long.uid).toHaveLength(128);
    expect(long.label.length).toBeLessThanOrEqual(100);
  });

  it.each([
    ['no payload', 'abc'],
    ['a payload that is not JSON', 'eyJhbGciOiJub25lIn0.bm90IGpzb24.'],
    ['a uid that is not a string', tokenFor({ uid: 7 })],
    ['an empty uid', tokenFor({ uid: '' })],
    ['a uid longer than Firebase allows', tokenFor({ uid: 'x'.repeat(129) })],
    ['a uid of invisible characters only', tokenFor({ uid: '\u202e\u0000' })],
  ])('refuses %s', (_name, token) => {
    expect(accountOfCustomToken(token)).toBeUndefined();
  });
});

describe('signInDialog', () => {
  const en = mainStrings('en', 'en-US').signInLink;
  const fr = mainStrings('fr', 'fr-FR').signInLink;
  const ann = { uid: 'ann', label: 'ann@example.org' };

  it('asks with the account and the server, and Enter or Escape does not sign in', () => {
    const d = signInDialog({ account: ann, server: `${SERVER}/hearken` }, en);
    expect(d.message).toContain('ann@example.org');
    expect(d.detail).toContain('captions.example.org');
    expect(d.buttons[d.signInId]).toBe('Sign in');
    expect(d.defaultId).not.toBe(d.signInId);
    expect(d.cancelId).not.toBe(d.signInId);
  });

  it('warns when another account is signed in, names both, and defaults to keeping it', () => {
    const bob = { uid: 'bob', label: 'bob@example.org' };
    const d = signInDialog({ account: ann, current: bob, server: SERVER }, en);
    expect(d.type).toBe('warning');
    expect(d.message).toBe('Hearken is signed in as bob@example.org. Switch to ann@example.org?');
    expect(d.buttons[d.defaultId]).toBe('Keep bob@example.org');
    expect(d.cancelId).toBe(d.defaultId);
    expect(d.buttons[d.signInId]).toBe('Switch to ann@example.org');
    const f = signInDialog({ account: ann, current: bob, server: SERVER }, fr);
    expect(f.buttons[f.defaultId]).toBe('Garder bob@example.org');
  });

  it('does not call signing in again as the same account a switch', () => {
    const d = signInDialog({ account: ann, current: ann, server: SERVER }, en);
    expect(d.type).toBe('question');
    expect(d.buttons[d.signInId]).toBe('Sign in');
  });
});

describe('registerProtocolClient', () => {
  it('registers the scheme, with the script path in development', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => true) };
    registerProtocolClient(app, { defaultApp: false, execPath: '/opt/Hearken/hearken', appPath: undefined });
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('hearken');
    registerProtocolClient(app, { defaultApp: true, execPath: '/usr/bin/electron', appPath: '/work/main' });
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('hearken', '/usr/bin/electron', [
      '/work/main',
    ]);
  });
});
