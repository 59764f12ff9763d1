// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryPage } from '../../../../../../src/renderer/features/history/components/HistoryPage';
import { historyActions } from '../../../../../../src/renderer/features/history/slice';
import type { SavedTranscript } from '../../../../../../src/shared/saved-transcripts';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const entry = (roomId: string, title: string): SavedTranscript => ({
  roomId,
  startTimestampMs: Date.UTC(2026, 10, 20, 10),
  title,
  hasTranscripts: true,
  isAllowedAccess: true,
  deleted: false,
  summary: { durationMs: 0, participants: [], otherParticipants: 0, firstWords: '' },
});

const me = {
  session: { status: 'ready' as const, identity: { kind: 'guest' as const, avaId: 'me1', userName: 'Me' } },
};

/** The page as it is once the server answered (the page asks for the list when it opens). */
function show(entries: SavedTranscript[], search = '') {
  const view = renderApp(<HistoryPage />, me, '/web/history');
  act(() => {
    if (search) view.store.dispatch(historyActions.listRequested(search));
    view.store.dispatch(historyActions.pageLoaded({ search, entries, append: false }));
  });
  return view;
}

describe('HistoryPage', () => {
  it('lists conversations with a link to read each, and says how many', () => {
    show([entry('a', 'Budget review'), entry('b', 'Standup')]);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Budget review',
      'Standup',
    ]);
    const read = screen.getByRole('link', { name: 'Read the transcript of Budget review' });
    expect(read.getAttribute('href')).toBe('/web/transcript?roomId=a');
    expect(screen.getByRole('status').textContent).toBe('2 conversations shown');
  });

  it('says each entry’s length, who spoke and how it began, as terms with their values', () => {
    show([
      {
        ...entry('a', 'Budget review'),
        summary: {
          durationMs: 125_000,
          participants: ['Ada Host', 'Bo Reader', 'Cy'],
          otherParticipants: 2,
          firstWords: 'We went through the café budget…',
        },
      },
      entry('b', 'Standup'),
    ]);
    const [first, second] = screen.getAllByRole('listitem');
    const terms = within(first!)
      .getAllByRole('term')
      .map((d) => d.textContent);
    const values = within(first!)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Length', 'Who spoke', 'Began with']);
    expect(values[0]).toMatch(/^2 min,? 5 s(ec)?$/u);
    expect(values.slice(1)).toEqual([
      'Ada Host, Bo Reader, Cy, and 2 others',
      'We went through the café budget…',
    ]);
    // Nobody named and nothing said: only the length, no empty terms.
    expect(
      within(second!)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['Length']);
  });

  it('refuses a search shorter than 3 characters without sending it, then searches', async () => {
    const { user, actions } = show([entry('a', 'Budget review')]);
    const box = screen.getByRole('searchbox', { name: 'Search your conversations' });
    await user.type(box, 'ab{Enter}');
    expect(screen.getByText('Type at least 3 characters to search.')).toBeDefined();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(actions.filter((a) => historyActions.listRequested.match(a)).map((a) => a.payload)).toEqual(['']);
    await user.type(box, 'c{Enter}');
    expect(actions.filter((a) => historyActions.listRequested.match(a)).map((a) => a.payload)).toEqual([
      '',
      'abc',
    ]);
  });

  it('renames by keyboard: the field opens focused, Enter saves, an empty title is refused', async () => {
    const { user, actions } = show([entry('a', 'Budget review')]);
    await user.click(screen.getByRole('button', { name: 'Rename Budget review' }));
    const field = screen.getByRole('textbox', { name: 'New title for Budget review' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.keyboard('{Enter}');
    expect(screen.getByText('A title cannot be empty.')).toBeDefined();
    await user.type(field, 'Q3 budget{Enter}');
    expect(actions).toContainEqual(historyActions.renameRequested({ roomId: 'a', title: 'Q3 budget' }));
  });

  it('deletes only after the confirmation', async () => {
    const { user, actions } = show([entry('a', 'Budget review')]);
    await user.click(screen.getByRole('button', { name: 'Delete Budget review' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this conversation?' });
    expect(dialog.textContent).toContain('“Budget review” and its transcript are removed for good.');
    expect(actions.some((a) => historyActions.deleteRequested.match(a))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(actions).toContainEqual(historyActions.deleteRequested('a'));
  });

  it('says when nothing is saved, and when a search finds nothing', () => {
    show([]);
    expect(screen.getByRole('status').textContent).toBe('No saved conversations yet.');
    cleanup();
    show([], 'tuesday');
    expect(screen.getByRole('status').textContent).toBe('No conversation has these words.');
  });

  it('selects several by keyboard, says how many, and deletes them together only after the confirmation', async () => {
    const { user, actions, store } = show([
      entry('a', 'Budget review'),
      entry('b', 'Standup'),
      entry('c', 'Retro'),
    ]);
    const remove = () => screen.getByRole('button', { name: /^Delete \d+ selected$/ });
    expect(remove().textContent).toBe('Delete 0 selected');
    expect(remove().hasAttribute('disabled') || remove().getAttribute('aria-disabled') === 'true').toBe(true);
    // Space on a focused checkbox, as a keyboard user would.
    screen.getByRole('checkbox', { name: 'Select Standup' }).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('checkbox', { name: 'Select Budget review' }));
    expect(store.getState().history.selected).toEqual(['a', 'b']);
    const all = screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(remove().textContent).toBe('Delete 2 selected');

    await user.click(remove());
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 conversations?' });
    expect(dialog.textContent).toContain(
      'The 2 selected conversations and their transcripts are removed for good.',
    );
    expect(actions.some((a) => historyActions.bulkDeleteRequested.match(a))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 for good' }));
    expect(actions).toContainEqual(historyActions.bulkDeleteRequested());
  });

  it('"Select all shown" selects every entry listed, and again none', async () => {
    const { user, store } = show([entry('a', 'Budget review'), entry('b', 'Standup')]);
    const all = screen.getByRole('checkbox', { name: 'Select all shown' }) as HTMLInputElement;
    await user.click(all);
    expect(store.getState().history.selected).toEqual(['a', 'b']);
    expect(all.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Select Standup' }) as HTMLInputElement).checked).toBe(true);
    await user.click(all);
    expect(store.getState().history.selected).toEqual([]);
  });
});
