// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TranscriptPage } from '../../../../../../src/renderer/features/transcript/components/TranscriptPage';
import { renderApp } from '../../../../../helpers/render-app';
import { makeStatus, makeTranscript } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const line = makeTranscript({
  id: 'a',
  isFinal: true,
  authorShow: 'Ada',
  texts: { 'en-US': 'Good morning.', es: 'Buenos días.' },
  asr: { final: true, timeReceivedMs: 1, engine: 'pocketsphinx' },
});

function page(translation: { readingLang: string | null; showOriginal: boolean }) {
  return renderApp(
    <TranscriptPage />,
    {
      session: {
        status: 'ready',
        identity: { kind: 'guest', avaId: 'g1', userName: 'Gil', credential: 'c' },
      },
      transcript: { roomId: 'r1', status: 'loaded', room: makeStatus({ id: 'r1' }), transcripts: [line] },
      translation: { ...translation, autoTogglePending: false },
    },
    '/web/transcript?roomId=r1',
  );
}

describe('TranscriptPage', () => {
  it('reads each line in the language the person read the captions in, marked as such', () => {
    page({ readingLang: 'es', showOriginal: false });
    const text = screen.getByText('Buenos días.');
    expect(text.getAttribute('lang')).toBe('es');
    expect(screen.queryByText('Good morning.')).toBeNull();
  });

  it('adds the original under it when they asked for originals, and reads as spoken otherwise', () => {
    page({ readingLang: 'es', showOriginal: true });
    expect(screen.getByText('Good morning.').getAttribute('lang')).toBe('en-US');
    cleanup();
    page({ readingLang: null, showOriginal: false });
    expect(screen.getByText('Good morning.').getAttribute('lang')).toBe('en-US');
  });
});
