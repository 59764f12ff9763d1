// @vitest-environment happy-dom
/** The download page and the launch-app page (accounts.md: download; conversation.md: /convo-v2/launch-app). */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadPage } from '../../../../../../src/renderer/features/desktop-download/components/DownloadPage';
import {
  LaunchAppPage,
  openInFrame,
} from '../../../../../../src/renderer/features/desktop-download/components/LaunchAppPage';
import { LAUNCH_APP_FALLBACK_MS } from '../../../../../../src/renderer/features/desktop-download/launch';
import { desktopBuildsActions } from '../../../../../../src/renderer/features/desktop-download/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const FEED = 'https://updates.example.com/hearken';

describe('DownloadPage', () => {
  it('asks for the builds and lists each platform with its version, size and a named link', () => {
    const { store, actions } = renderApp(<DownloadPage />, {}, '/download');
    expect(actions.some(desktopBuildsActions.requested.match)).toBe(true);
    act(() => {
      store.dispatch(
        desktopBuildsActions.loaded({
          configured: true,
          builds: [
            {
              platform: 'darwin',
              arch: 'arm64',
              version: '2.2.0',
              url: `${FEED}/a.zip`,
              sizeBytes: 98_000_000,
            },
            { platform: 'win32', arch: 'x64', version: '2.2.0', url: `${FEED}/s.exe` },
          ],
          problems: [{ platform: 'darwin', arch: 'x64', reason: 'RELEASES.json answered 404' }],
        }),
      );
    });
    const table = screen.getByRole('table', { name: 'Desktop builds, one for each platform' });
    expect(table).toBeTruthy();
    const mac = screen.getByRole('row', { name: /macOS/ });
    expect(mac.textContent).toContain('2.2.0');
    expect(mac.textContent).toContain('98 MB');
    const link = screen.getByRole('link', { name: 'Download for macOS (64-bit ARM (Apple silicon))' });
    expect(link.getAttribute('href')).toBe(`${FEED}/a.zip`);
    expect(screen.getByRole('row', { name: /Windows/ }).textContent).toContain('not given');
    expect(screen.getByTestId('download-problems').textContent).toContain(
      'Not available for macOS (64-bit Intel or AMD): RELEASES.json answered 404',
    );
  });

  it('says clearly when no update feed is configured', () => {
    const { store } = renderApp(<DownloadPage />, {}, '/download');
    act(() => {
      store.dispatch(desktopBuildsActions.loaded({ configured: false, builds: [], problems: [] }));
    });
    expect(screen.getByRole('status').textContent).toContain('no update feed is configured');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows why the list could not be read, with a way to try again', async () => {
    const { store, actions, user } = renderApp(<DownloadPage />, {}, '/download');
    act(() => {
      store.dispatch(desktopBuildsActions.failed('Request failed'));
    });
    expect(screen.getByRole('alert').textContent).toContain('could not be read: Request failed');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actions.filter(desktopBuildsActions.requested.match)).toHaveLength(2);
  });
});

describe('LaunchAppPage', () => {
  it('opens the app by its deep link once, and after a short wait offers the other ways', () => {
    vi.useFakeTimers();
    const open = vi.fn();
    renderApp(<LaunchAppPage open={open} />, {}, '/convo-v2/launch-app?redirect=/web/history');
    expect(open).toHaveBeenCalledWith('hearken://open');
    expect(screen.queryByRole('link', { name: 'Continue in the browser' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(LAUNCH_APP_FALLBACK_MS - 1);
    });
    expect(screen.queryByRole('link', { name: 'Continue in the browser' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status').textContent).toContain('did not open');
    expect(screen.getByRole('link', { name: 'Continue in the browser' }).getAttribute('href')).toBe(
      '/web/history',
    );
    expect(screen.getByRole('link', { name: 'Download the desktop app' }).getAttribute('href')).toBe(
      '/download',
    );
    expect(screen.getByRole('link', { name: 'Open the app again' }).getAttribute('href')).toBe(
      'hearken://open',
    );
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('openInFrame', () => {
  it('follows the link in a hidden frame, not the page, and takes the frame away after', () => {
    const undo = openInFrame('hearken://open');
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('hearken://open');
    expect(frame.hidden).toBe(true);
    undo();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
