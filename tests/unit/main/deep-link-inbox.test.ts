import { describe, expect, it, vi } from 'vitest';
import { DeepLinkInbox, type LinkReceiver } from '../../../src/main/deep-link-inbox';
import type { DeepLinkOutcome } from '../../../src/main/deep-links';

const LINK = 'hearken://login?customToken=a.b.c';

/** Records the links it is given; a command line holds a link when an argument is in our scheme. */
function receiver() {
  const handled: string[] = [];
  const r: LinkReceiver = {
    handleUrl: async (url) => {
      handled.push(url);
      return { ok: true, stored: 'encrypted' } as DeepLinkOutcome;
    },
    handleArgv: async (argv) => {
      const url = argv.find((a) => a.startsWith('hearken:'));
      return url ? r.handleUrl(url) : undefined;
    },
  };
  return { r, handled };
}

describe('DeepLinkInbox', () => {
  it('keeps links that came before the app was ready, and hands them over before the launch link', () => {
    const inbox = new DeepLinkInbox();
    inbox.receive(`${LINK}1`);
    inbox.receive(`${LINK}2`);
    const { r, handled } = receiver();
    inbox.attach(r, ['/usr/bin/hearken', `${LINK}3`]);
    expect(handled).toEqual([`${LINK}1`, `${LINK}2`, `${LINK}3`]);
  });

  it('hands links over at once once ready', () => {
    const inbox = new DeepLinkInbox();
    const { r, handled } = receiver();
    inbox.attach(r, ['/usr/bin/hearken']);
    inbox.receive(LINK);
    expect(handled).toEqual([LINK]);
  });

  it('handles the link of a second launch without showing the window', async () => {
    const inbox = new DeepLinkInbox();
    const { r, handled } = receiver();
    inbox.attach(r, []);
    const show = vi.fn();
    await inbox.secondInstance(['/usr/bin/hearken', LINK], show);
    expect(handled).toEqual([LINK]);
    expect(show).not.toHaveBeenCalled();
  });

  it('shows the main window when Hearken is opened again without a link', async () => {
    const inbox = new DeepLinkInbox();
    inbox.attach(receiver().r, []);
    const show = vi.fn();
    await inbox.secondInstance(['/usr/bin/hearken'], show);
    expect(show).toHaveBeenCalledTimes(1);
  });
});
