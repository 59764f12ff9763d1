// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TranscriptExport } from '../../../../../../src/renderer/features/transcript/components/TranscriptExport';
import { transcriptActions } from '../../../../../../src/renderer/features/transcript/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('TranscriptExport', () => {
  it('offers copying and the six formats as labelled buttons in a named region', () => {
    renderApp(<TranscriptExport />);
    expect(screen.getByRole('region', { name: 'Take the transcript with you' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy text' })).toBeTruthy();
    const group = screen.getByRole('group', { name: 'Download' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Text (.txt)',
      'Markdown (.md)',
      'Subtitles (.srt)',
      'Subtitles (.vtt)',
      'Word (.docx)',
      'Data (.json)',
    ]);
  });

  it('asks for the format clicked, by keyboard too', async () => {
    const { user, types } = renderApp(<TranscriptExport />);
    screen.getByRole('button', { name: 'Subtitles (.vtt)' }).focus();
    await user.keyboard('{Enter}');
    expect(types()).toContain(transcriptActions.exportRequested.type);
  });

  it('says in its status what happened', async () => {
    const { store } = renderApp(<TranscriptExport />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    store.dispatch(transcriptActions.exportFinished('srt'));
    expect((await screen.findByRole('status')).textContent).toBe('Subtitles (.srt) downloaded.');
    store.dispatch(transcriptActions.exportFailed({ action: 'copy', message: 'clipboard unavailable' }));
    expect(
      await screen.findByText(
        'The transcript could not be copied (clipboard unavailable). Download it as text instead.',
      ),
    ).toBe(screen.getByRole('status'));
  });
});
