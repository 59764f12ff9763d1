// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadingLanguageSelect } from '../../../../../../src/renderer/features/translation/components/ReadingLanguageSelect';
import { CaptionLine } from '../../../../../../src/renderer/features/captions/components/CaptionLine';
import { translationActions } from '../../../../../../src/renderer/features/translation/slice';
import { renderApp } from '../../../../../helpers/render-app';
import { makeTranscript } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const select = () => screen.getByRole('combobox', { name: 'Read captions in' }) as HTMLSelectElement;

describe('ReadingLanguageSelect', () => {
  it('lists only the languages the server can translate into, and chooses one', async () => {
    const { user, actions } = renderApp(<ReadingLanguageSelect />, {
      translation: { options: { from: 'en-US', available: true, languages: ['en', 'ca', 'es'] } },
    });
    expect([...select().options].map((o) => [o.value, o.text])).toEqual([
      ['', 'As spoken'],
      ['ca', 'Catalan'],
      ['es', 'Spanish'],
    ]);
    await user.selectOptions(select(), 'es');
    expect(actions.filter(translationActions.readingLangChosen.match).map((a) => a.payload)).toEqual(['es']);
  });

  it('says when no translation is installed from the speech language, or translation is off', () => {
    renderApp(<ReadingLanguageSelect />, {
      translation: { options: { from: 'de-DE', available: true, languages: ['de'] } },
    });
    expect(select().disabled).toBe(true);
    expect(screen.getByTestId('reading-language-none').textContent).toBe(
      'No translation is installed from German (Germany).',
    );
    cleanup();
    renderApp(<ReadingLanguageSelect />, {
      translation: {
        options: { from: 'en-US', available: false, languages: ['en'], problem: 'no pair' },
      },
    });
    expect(screen.getByTestId('reading-language-none').textContent).toBe(
      'Translation is not available on this server.',
    );
  });
});

describe('a caption read in Spanish', () => {
  const line = makeTranscript({
    id: 'c1',
    isFinal: true,
    texts: { 'en-US': 'good morning', es: 'buenos días' },
    indexes: { 'en-US': 12, es: 12 },
  });

  it('shows the translation in its language, and the original on request', () => {
    renderApp(<CaptionLine transcript={line} />, { translation: { readingLang: 'es', showOriginal: true } });
    const text = screen.getByTestId('caption-text');
    expect(text.textContent).toBe('buenos días');
    expect(text.getAttribute('lang')).toBe('es');
    expect(screen.getByTestId('caption-original').textContent).toBe('good morning');
  });

  it('shows the original, saying so, when the translation failed', () => {
    renderApp(
      <CaptionLine
        transcript={{ ...line, texts: { 'en-US': 'good morning' }, translationErrors: { es: 'x' } }}
      />,
      { translation: { readingLang: 'es' } },
    );
    expect(screen.getByTestId('caption-text').textContent).toBe('good morning');
    expect(screen.getByTestId('caption-translation-failed').textContent).toMatch(/translation failed/);
  });
});
