// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionsView } from '../../../../../../src/renderer/features/captions/components/CaptionsView';
import { captionsActions } from '../../../../../../src/renderer/features/captions/slice';
import { socketActions } from '../../../../../../src/renderer/features/socket/slice';
import type { Transcript } from '../../../../../../src/shared/entities';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus, makeTranscript } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const me = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const line = (id: string, text: string, isFinal: boolean, index = Number(id.replace(/\D/g, '')) || 0) =>
  makeTranscript({ id, texts: { 'en-US': text }, isFinal, index });

function view(overrides: Parameters<typeof inRoom>[2] = {}) {
  const app = renderApp(<CaptionsView />, inRoom(makeStatus(), me, overrides));
  const receive = (t: Transcript, seq = 0) =>
    act(
      () =>
        void app.store.dispatch(socketActions.messageReceived({ type: 'transcript', transcript: t, seq })),
    );
  const list = (transcripts: Transcript[], hasOlder = false) =>
    act(
      () =>
        void app.store.dispatch(
          socketActions.messageReceived({ type: 'transcripts', transcripts, seq: 0, hasOlder }),
        ),
    );
  const region = () => screen.getByRole('region', { name: 'Captions' });
  return { ...app, receive, list, region };
}

/** happy-dom lays nothing out: the test says where the scroll box is. */
function scrolledTo(el: HTMLElement, top: number, height = 2000, client = 400) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: client });
  el.scrollTop = top;
  fireEvent.scroll(el);
}

describe('CaptionsView', () => {
  it('says there are no captions yet, in a region a keyboard can reach', () => {
    const { region } = view();
    expect(region().getAttribute('tabindex')).toBe('0');
    expect(region().textContent).toContain('No captions yet.');
  });

  it('marks the words people corrected, for every reader, and says the line was corrected', () => {
    const { receive, region } = view();
    receive({
      ...line('t1', 'we met Siobhan in Galway', true),
      highlighted: [{ index: 7, length: 7 }],
      asrText: 'we met shiv on in Galway',
    });
    const marks = within(region()).getAllByTestId('caption-corrected-word');
    expect(marks.map((m) => m.tagName)).toEqual(['MARK']);
    expect(marks[0]!.textContent).toBe('Siobhan');
    expect(within(region()).getByTestId('caption-text').textContent).toBe('we met Siobhan in Galway');
    expect(within(region()).getByTestId('caption-corrected')).toBeTruthy();
  });

  it('grows a partial in place, marks it for screen readers, and announces only the final', () => {
    const { receive, region } = view();
    receive(line('t1', 'hello', false));
    let items = within(region()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe('Hana Host hello (still being transcribed)');
    expect(screen.getByTestId('caption-announcer').textContent).toBe('');

    receive(line('t1', 'hello world', true));
    items = within(region()).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toBe('Hana Host hello world');
    const announcer = screen.getByTestId('caption-announcer');
    expect(announcer.getAttribute('aria-live')).toBe('polite');
    expect(announcer.textContent).toBe('Hana Host: hello world');
  });

  it("shows a partial's firm words as they are and its tentative tail dimmed, hidden from screen readers", () => {
    const { receive, region } = view();
    receive({ ...line('t1', 'Good morning every', false), firmWords: 2 });
    const text = within(region()).getByTestId('caption-text');
    const tail = within(text).getByTestId('caption-tentative');
    expect(tail.textContent).toBe(' every');
    expect(tail.getAttribute('aria-hidden')).toBe('true');
    expect(text.textContent).toBe('Good morning every');
    // The tail grows and changes; the firm words are the same text node, first, untouched.
    const firmNode = text.firstChild;
    receive({ ...line('t1', 'Good morning everyone here', false), firmWords: 3 });
    expect(text.firstChild).toBe(firmNode);
    expect(within(text).getByTestId('caption-tentative').textContent).toBe(' here');
    receive({ ...line('t1', 'Good morning everyone here.', true) });
    expect(within(text).queryByTestId('caption-tentative')).toBeNull();
  });

  it('keeps the order of the room whatever the order captions arrive in', () => {
    const { list, region } = view();
    list([line('t2', 'second', true), line('t1', 'first', true)]);
    expect(
      within(region())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hana Host first', 'Hana Host second']);
  });

  it('names the speaker when the speaker changes, and keeps the name for screen readers otherwise', () => {
    const { list, region } = view();
    const gil = (id: string, text: string) => ({ ...line(id, text, true), author: 'g2', authorShow: 'Gil' });
    list([line('t1', 'one', true), line('t2', 'two', true), gil('t3', 'three'), line('t4', 'four', true)]);
    const authors = within(region())
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.caption-author')!);
    expect(authors.map((a) => a.textContent)).toEqual(['Hana Host', 'Hana Host', 'Gil', 'Hana Host']);
    // For the host (who may change who said a line) the repeated name is a button, seen once focused.
    const hidden = (a: Element) =>
      a.classList.contains('visually-hidden') || a.classList.contains('line-speaker--quiet');
    expect(authors.map(hidden)).toEqual([false, true, false, false]);
  });

  it('marks a gap in the captions, with its times, for every reader, and names the speaker again after it', () => {
    const { list, region } = view();
    const gap = {
      ...line('g2', '', true),
      texts: {},
      gap: {
        fromMs: Date.UTC(2026, 10, 24, 10, 2, 15),
        toMs: Date.UTC(2026, 10, 24, 10, 2, 40),
        reason: 'connection-lost' as const,
      },
    };
    list([line('t1', 'before', true), gap, line('t3', 'after', true)]);
    const items = within(region()).getAllByRole('listitem');
    const times = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
    expect(items[1]!.textContent).toBe(
      `No captions from ${times.format(gap.gap.fromMs)} to ${times.format(gap.gap.toMs)}: the connection of Hana Host was lost, and what was said then could not be captioned.`,
    );
    expect(items[2]!.querySelector('.caption-author')!.classList.contains('visually-hidden')).toBe(false);
  });

  it('shows captions at the caption size chosen, from 13 to 60 px', () => {
    const { region } = view({ settings: { fontSizePx: 60 } });
    expect(region().style.fontSize).toBe('60px');
    cleanup();
    const small = view({ settings: { fontSizePx: 13 } });
    expect(small.region().style.fontSize).toBe('13px');
  });

  it('stops following while the reader scrolls back, counts what arrived, and jumps back on request', async () => {
    const { receive, region, user } = view();
    receive(line('t1', 'one', true));
    scrolledTo(region(), 1600);
    scrolledTo(region(), 0);
    expect(screen.getByRole('button', { name: 'Jump to latest captions' })).toBeTruthy();
    receive(line('t2', 'two', true));
    const jump = screen.getByRole('button', { name: 'Jump to latest captions (1 new)' });
    await user.click(jump);
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
    expect(document.activeElement).toBe(region());
  });

  it('follows again once the reader scrolls back to the bottom', () => {
    const { receive, region } = view();
    receive(line('t1', 'one', true));
    scrolledTo(region(), 1600);
    scrolledTo(region(), 0);
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).not.toBeNull();
    scrolledTo(region(), 1600);
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
  });

  it('keeps the newest line in view when the content grows under a reader who did not scroll up', () => {
    const { receive, region } = view();
    receive(line('t1', 'one', true));
    scrolledTo(region(), 1600);
    // A notice took room, or a line wrapped anew: the same scroll position is no longer the bottom.
    scrolledTo(region(), 1600, 2600);
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
    expect(region().scrollTop).toBe(2600);
  });

  it('offers the earlier captions of a long conversation', async () => {
    const { list, user, actions } = view();
    list([line('t9', 'late', true)], true);
    await user.click(screen.getByRole('button', { name: 'Show earlier captions' }));
    expect(actions).toContainEqual(captionsActions.olderRequested());
  });
});
