// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FallbackEngineNotice } from '../../../../../../src/renderer/features/speech-engine/components/FallbackEngineNotice';
import { loadSpeechLangs } from '../../../../../../src/renderer/features/settings/sagas';
import { API } from '../../../../../../src/shared/api';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeFakes, makeStatus, run, settle } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const me = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const stream = (usePaidASR: boolean) => ({ avaId: 'host1', trackId: 'mic', usePaidASR });

describe('FallbackEngineNotice', () => {
  it('says so quietly while a fallback tier captions the conversation', () => {
    renderApp(
      <FallbackEngineNotice />,
      inRoom(makeStatus({ audioStreams: [stream(false)] }), me, { settings: { fallbackTiers: ['basic'] } }),
    );
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('basic speech engine');
  });

  it('may be dismissed, by keyboard too, and then stays away', async () => {
    const { user, store } = renderApp(
      <FallbackEngineNotice />,
      inRoom(makeStatus({ audioStreams: [stream(false)] }), me, { settings: { fallbackTiers: ['basic'] } }),
    );
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    dismiss.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('fallback-engine-notice')).toBeNull();
    expect(store.getState().settings.fallbackNoticeDismissed).toBe(true);
  });

  it('says nothing while nobody speaks, or when the tier speaking is served as configured', () => {
    renderApp(
      <FallbackEngineNotice />,
      inRoom(makeStatus({ audioStreams: [] }), me, { settings: { fallbackTiers: ['basic'] } }),
    );
    expect(screen.queryByTestId('fallback-engine-notice')).toBeNull();
    cleanup();
    renderApp(
      <FallbackEngineNotice />,
      inRoom(makeStatus({ audioStreams: [stream(false)] }), me, { settings: { fallbackTiers: ['premium'] } }),
    );
    expect(screen.queryByTestId('fallback-engine-notice')).toBeNull();
  });

  it('learns the fallback tiers from the server config', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.config, {
      ok: true,
      status: 200,
      data: {
        speech: {
          langs: ['en-US'],
          tiers: {
            basic: { engine: 'pocketsphinx:en-us', available: true },
            premium: { engine: 'pocketsphinx:en-us', available: true, fallback: true, problem: 'missing' },
          },
        },
      },
    });
    const app = run(loadSpeechLangs, [fakes.deps]);
    await settle();
    expect(app.state.settings.fallbackTiers).toEqual(['premium']);
  });
});
