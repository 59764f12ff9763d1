// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FinalAnnouncer } from '../../../../../../src/renderer/features/captions/components/FinalAnnouncer';
import { captionsActions } from '../../../../../../src/renderer/features/captions/slice';
import { ANNOUNCE_TRANSLATION_WAIT_MS } from '../../../../../../src/renderer/features/translation/components/useAnnouncedText';
import { renderApp } from '../../../../../helpers/render-app';
import { makeTranscript } from '../../../../../helpers/saga-harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const announcer = () => screen.getByTestId('caption-announcer').textContent;
const final = (texts: Record<string, string>, extra = {}) =>
  makeTranscript({ id: 'c1', isFinal: true, authorShow: 'Ada', texts, ...extra });

describe('the final announcement of a reader of Spanish', () => {
  it('waits for the translation and says the line once, in Spanish', () => {
    const { store } = renderApp(<FinalAnnouncer />, { translation: { readingLang: 'es' } });
    act(() => void store.dispatch(captionsActions.received(final({ 'en-US': 'good morning' }))));
    expect(announcer()).toBe('');
    act(
      () =>
        void store.dispatch(
          captionsActions.received(
            final({ 'en-US': 'good morning', es: 'buenos días' }, { indexes: { 'en-US': 12, es: 12 } }),
          ),
        ),
    );
    expect(announcer()).toBe('Ada: buenos días');
  });

  it('says the original when no translation comes in time', () => {
    vi.useFakeTimers();
    const { store } = renderApp(<FinalAnnouncer />, { translation: { readingLang: 'es' } });
    act(
      () =>
        void store.dispatch(captionsActions.received(final({ 'fr-FR': 'bonjour' }, { speechLang: 'fr-FR' }))),
    );
    expect(announcer()).toBe('');
    act(() => void vi.advanceTimersByTime(ANNOUNCE_TRANSLATION_WAIT_MS));
    expect(announcer()).toBe('Ada: bonjour');
  });

  it('says the original at once to someone reading as spoken', () => {
    const { store } = renderApp(<FinalAnnouncer />);
    act(() => void store.dispatch(captionsActions.received(final({ 'en-US': 'good morning' }))));
    expect(announcer()).toBe('Ada: good morning');
  });
});
