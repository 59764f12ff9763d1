// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionQuality } from '../../../../../../src/renderer/features/recap/components/CaptionQuality';
import { ShareLink } from '../../../../../../src/renderer/features/recap/components/ShareLink';
import { SmartRecap } from '../../../../../../src/renderer/features/recap/components/SmartRecap';
import { WordStatistics } from '../../../../../../src/renderer/features/recap/components/WordStatistics';
import { recapActions } from '../../../../../../src/renderer/features/recap/slice';
import type { CaptionQualityReport } from '../../../../../../src/shared/recap/caption-quality';
import type { SmartRecap as Recap } from '../../../../../../src/shared/recap/smart-recap';
import { renderApp } from '../../../../../helpers/render-app';
import { spoken, typed } from '../../../../../helpers/transcript-fixture';

afterEach(cleanup);

const recap: Recap = {
  roomId: 'r',
  method: 'extractive',
  points: [{ text: 'The roof budget needs the council.', transcriptId: 'a-1', index: 7 }],
  keywords: ['roof', 'budget'],
  createdAtMs: 1,
};

describe('SmartRecap', () => {
  it('says the server made it, and links each point to its line', () => {
    renderApp(<SmartRecap />, { recap: { roomId: 'r', recap: { status: 'loaded', value: recap } } });
    const region = screen.getByRole('region', { name: 'Recap' });
    expect(
      within(region).getByText(/Made on this server from the conversation’s own sentences/),
    ).toBeTruthy();
    const link = within(region).getByRole('link', { name: 'The roof budget needs the council.' });
    expect(link.getAttribute('href')).toBe('#line-7');
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The roof budget needs the council.', 'roof', 'budget']);
  });

  it('names the model that wrote it, and says when the model was not used and why', () => {
    const { unmount } = renderApp(<SmartRecap />, {
      recap: {
        roomId: 'r',
        recap: { status: 'loaded', value: { ...recap, method: 'language-model', model: 'm-1' } },
      },
    });
    expect(
      screen.getByText('Written by the language model m-1 from the transcript; it can be wrong.'),
    ).toBeTruthy();
    unmount();
    renderApp(<SmartRecap />, {
      recap: {
        roomId: 'r',
        recap: { status: 'loaded', value: { ...recap, fallbackReason: 'the language model timed out' } },
      },
    });
    expect(screen.getByTestId('recap-method').textContent).toMatch(
      /own sentences.*The language model was not used \(the language model timed out\)\.$/,
    );
  });

  it('says it is being made, and why it failed', async () => {
    const { store } = renderApp(<SmartRecap />, { recap: { roomId: 'r', recap: { status: 'loading' } } });
    expect(screen.getByRole('status').textContent).toBe('Making the recap…');
    store.dispatch(
      recapActions.recapSettled({ roomId: 'r', status: 'failed', error: 'No transcript found' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The recap could not be made: No transcript found',
    );
  });
});

describe('WordStatistics', () => {
  it('is a table with each speaker as a row header and a total', () => {
    renderApp(
      <WordStatistics
        transcripts={[
          spoken('ann', 'Ann', 0, 'one two three four'),
          typed('bob', 'Bob', 3_000, 'Typed only here'),
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Words, speaking time and speaking rate per speaker' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Speaker', 'Words', 'Speaking time', 'Words per minute'],
      ['Ann', '4', '2 sec', '155'],
      ['Bob', '3', '0 sec', '—'],
      ['Everyone', '7', '2 sec', '155'],
    ]);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ann', 'Bob', 'Everyone']);
  });
});

describe('WordStatistics: the spec’s word stats', () => {
  it('shows the reader’s words typed and captured beside everyone’s, and nothing of the kind without them', () => {
    const lines = [spoken('ann', 'Ann', 0, 'one two three four')];
    renderApp(
      <WordStatistics
        transcripts={lines}
        wordStats={{ wordsTypedYou: 3, wordsTypedGroup: 5, wordsCapturedYou: 0, wordsCapturedGroup: 1200 }}
      />,
    );
    const table = screen.getByRole('table', {
      name: 'Words typed and words captured from speech, yours and everyone’s',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['Who', 'Typed', 'Captured'],
      ['You', '3', '0'],
      ['Everyone', '5', '1,200'],
    ]);
    cleanup();
    renderApp(<WordStatistics transcripts={lines} />);
    expect(screen.queryByTestId('word-stats-you-group')).toBeNull();
  });
});

describe('CaptionQuality', () => {
  const report: CaptionQualityReport = {
    roomId: 'r',
    recognisedWords: 1234,
    correctionsAvailable: false,
    correctedWords: 0,
    wordErrorRate: null,
    delay: { medianMs: 1_240, p95Ms: 3_050, lines: 12 },
    engines: [{ engine: 'pocketsphinx:en-us', tier: 'basic', words: 1234 }],
    createdAtMs: 1,
  };

  it('names each figure, and says corrections are not available yet rather than 0%', () => {
    renderApp(<CaptionQuality />, { recap: { roomId: 'r', quality: { status: 'loaded', value: report } } });
    expect(screen.getByTestId('quality-recognised-words').textContent).toBe('1,234');
    expect(screen.getByTestId('quality-corrected-words').textContent).toMatch(
      /^0 \(corrections are not available yet/,
    );
    expect(screen.queryByText('Word error rate against the corrections')).toBeNull();
    expect(screen.getByTestId('quality-delay').textContent).toMatch(/^1\.2 s, 3\.1 s over 12 lines/);
    expect(screen.getByTestId('quality-engines').textContent).toBe(
      'pocketsphinx:en-us (basic tier): 1,234 words',
    );
  });

  it('gives the word error rate once corrections exist', () => {
    renderApp(<CaptionQuality />, {
      recap: {
        roomId: 'r',
        quality: {
          status: 'loaded',
          value: { ...report, correctionsAvailable: true, correctedWords: 37, wordErrorRate: 0.03 },
        },
      },
    });
    expect(screen.getByTestId('quality-corrected-words').textContent).toBe('37');
    expect(screen.getByText('3%')).toBeTruthy();
  });

  it('says "no corrections" instead of 0% when nobody corrected anything', () => {
    renderApp(<CaptionQuality />, {
      recap: {
        roomId: 'r',
        quality: {
          status: 'loaded',
          value: { ...report, correctionsAvailable: true, correctedWords: 0, wordErrorRate: 0 },
        },
      },
    });
    expect(screen.getByTestId('quality-word-error-rate').textContent).toMatch(/^No corrections/);
    expect(screen.queryByText('0%')).toBeNull();
  });
});

describe('ShareLink', () => {
  it('offers to share, then shows the link with copy and stop', async () => {
    const { user, actions, store } = renderApp(<ShareLink roomId="r" />, {
      recap: { roomId: 'r', shareLink: { status: 'loaded', value: null } },
    });
    await user.click(screen.getByRole('button', { name: 'Share a read-only link' }));
    expect(actions).toContainEqual(recapActions.shareRequested({ roomId: 'r', share: true }));
    store.dispatch(
      recapActions.shareLinkSettled({
        roomId: 'r',
        status: 'loaded',
        value: '/web/shared-transcript?token=abc',
      }),
    );
    const input = await screen.findByRole('textbox', { name: 'Read-only link to this transcript' });
    expect((input as HTMLInputElement).value).toMatch(/\/web\/shared-transcript\?token=abc$/);
    expect(screen.getByRole('status').textContent).toBe('The read-only link is shared.');
    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(actions).toContainEqual(recapActions.shareRequested({ roomId: 'r', share: false }));
  });

  it('keeps the link and says why when a change fails', async () => {
    const { store } = renderApp(<ShareLink roomId="r" />, {
      recap: { roomId: 'r', shareLink: { status: 'loaded', value: '/web/shared-transcript?token=abc' } },
    });
    store.dispatch(
      recapActions.shareLinkSettled({ roomId: 'r', status: 'failed', error: 'Sharing is forbidden' }),
    );
    expect(await screen.findByText('The link could not be changed: Sharing is forbidden')).toBe(
      screen.getByRole('status'),
    );
    expect(screen.getByRole('textbox')).toBeTruthy();
  });
});
