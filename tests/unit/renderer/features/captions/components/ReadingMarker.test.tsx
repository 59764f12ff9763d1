// @vitest-environment happy-dom
/** "Where I stopped reading" in the captions view: the marker, the count, and the way back by keyboard. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionsView } from '../../../../../../src/renderer/features/captions/components/CaptionsView';
import { socketActions } from '../../../../../../src/renderer/features/socket/slice';
import type { Transcript } from '../../../../../../src/shared/entities';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus, makeTranscript } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const me = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const final = (i: number) =>
  makeTranscript({ id: `t${i}`, texts: { 'en-US': `Line ${i}.` }, isFinal: true, index: i });

function view() {
  const app = renderApp(<CaptionsView />, inRoom(makeStatus(), me));
  const receive = (t: Transcript) =>
    act(
      () =>
        void app.store.dispatch(socketActions.messageReceived({ type: 'transcript', transcript: t, seq: 0 })),
    );
  return { ...app, receive };
}

/** The reader was at the newest line (the bottom), then scrolled to `top`. */
function scrolledTo(el: HTMLElement, top: number, height = 2000, client = 400) {
  Object.defineProperty(el, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: client });
  el.scrollTop = height - client;
  fireEvent.scroll(el);
  el.scrollTop = top;
  fireEvent.scroll(el);
}

describe('where I stopped reading', () => {
  it('marks the last line seen when the window loses focus, and counts only what came while away', () => {
    const { receive } = view();
    receive(final(1));
    receive(final(2));
    act(() => void window.dispatchEvent(new Event('blur')));
    expect(screen.queryByTestId('new-since')).toBeNull();
    receive(final(3));
    receive(final(4));
    expect(screen.getByTestId('new-since').textContent).toBe('2 new lines since you stopped reading');
    const marker = screen.getByTestId('reading-marker');
    expect(marker.textContent).toBe('You stopped reading here');
    // Right after the line they last saw.
    expect(marker.previousElementSibling?.getAttribute('data-id')).toBe('t2');
    act(() => void window.dispatchEvent(new Event('focus')));
    receive(final(5));
    expect(screen.getByTestId('new-since').textContent).toBe('2 new lines since you stopped reading');
  });

  it('marks where the reader scrolled back from, and takes the keyboard back to the first new line', async () => {
    const { receive, user } = view();
    receive(final(1));
    const region = screen.getByRole('region', { name: 'Captions' });
    scrolledTo(region, 100);
    receive(final(2));
    const button = screen.getByRole('button', { name: '1 new line since you stopped reading' });
    button.focus();
    await user.keyboard('{Enter}');
    const first = document.querySelector('[data-id="t2"]');
    expect(document.activeElement).toBe(first);
    expect(first?.getAttribute('tabindex')).toBe('-1');
    expect(screen.queryByTestId('new-since')).toBeNull();
    expect(screen.queryByTestId('reading-marker')).toBeNull();
  });

  it('forgets the marker once the reader scrolls back to the newest line', () => {
    const { receive } = view();
    receive(final(1));
    const region = screen.getByRole('region', { name: 'Captions' });
    scrolledTo(region, 100);
    receive(final(2));
    expect(screen.getByTestId('new-since')).toBeTruthy();
    scrolledTo(region, 1600);
    expect(screen.queryByTestId('new-since')).toBeNull();
  });
});
