// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionLine } from '../../../../../../src/renderer/features/captions/components/CaptionLine';
import { socketActions } from '../../../../../../src/renderer/features/socket/slice';
import { SpeakerChangeAnnouncer } from '../../../../../../src/renderer/features/speakers/components/SpeakerChangeAnnouncer';
import { SpeakersList } from '../../../../../../src/renderer/features/speakers/components/SpeakersList';
import { speakersActions } from '../../../../../../src/renderer/features/speakers/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus, makeTranscript } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const GRANDMA = 'voicing-grandma0001';
const status = makeStatus({
  participants: [
    { avaId: 'host1', isTyping: false },
    { avaId: 'bo', isTyping: false },
  ],
  speakers: [
    { avaId: 'host1', avaName: 'Hana Host', userName: 'Hana Host' },
    { avaId: 'bo', avaName: 'Bo', userName: 'Bo Friend' },
    { avaId: GRANDMA, avaName: 'Grandma', userName: 'Grandma', voicing: true },
  ],
});
const hostsLine = makeTranscript({ id: 'l1', isFinal: true, texts: { 'en-US': 'the tea is ready' } });
const host = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const bo = { kind: 'guest' as const, avaId: 'bo', userName: 'Bo Friend' };

function renderLine(me: typeof host, line = hostsLine, extra = {}) {
  return renderApp(
    <ul>
      <CaptionLine transcript={line} />
    </ul>,
    inRoom(status, me, extra),
  );
}

describe('LineSpeaker on a caption line', () => {
  it('lets the host say, by keyboard, that a known speaker said the line', async () => {
    const { user, actions } = renderLine(host);
    const button = screen.getByRole('button', { name: 'Hana Host: change who said this line' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('group', { name: 'Who said this line?' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // The line's own speaker is not offered; the others and "Someone else" are, focus on the first.
    const choices = within(menu)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(choices).toEqual(['Bo Friend', 'Grandma', 'Someone else', 'Cancel']);
    expect(document.activeElement?.textContent).toBe('Bo Friend');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(actions.filter(speakersActions.lineAssigned.match).map((a) => a.payload)).toEqual([
      { lineId: 'l1', speakerId: GRANDMA },
    ]);
  });

  it('names someone else, refusing a name outside the rule beside the box', async () => {
    const { user, actions } = renderLine(host);
    await user.click(screen.getByRole('button', { name: /change who said this line/ }));
    await user.click(screen.getByRole('button', { name: 'Someone else' }));
    const box = screen.getByRole('textbox', { name: 'Their name' });
    expect(document.activeElement).toBe(box);
    await user.type(box, 'J{Enter}');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A name must have 2 to 49 characters.')).toBeTruthy();
    expect(actions.filter(speakersActions.lineGivenToNewSpeaker.match)).toEqual([]);
    await user.type(box, 'o March{Enter}');
    expect(actions.filter(speakersActions.lineGivenToNewSpeaker.match).map((a) => a.payload)).toEqual([
      { lineId: 'l1', name: 'Jo March' },
    ]);
  });

  it('closes on Escape and gives the focus back to the name', async () => {
    const { user } = renderLine(host);
    const button = screen.getByRole('button', { name: /change who said this line/ });
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Who said this line?' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('is the name alone for a member who did not make the line, and a menu for the one who did', () => {
    renderLine(bo);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Hana Host')).toBeTruthy();
    cleanup();
    renderLine(
      bo,
      makeTranscript({ id: 'l2', isFinal: true, author: GRANDMA, authorShow: 'Grandma', sourceAuthor: 'bo' }),
    );
    expect(screen.getByRole('button', { name: 'Grandma: change who said this line' })).toBeTruthy();
  });

  it('is the name alone on a read-only link and for a line still being spoken', () => {
    renderLine(host, hostsLine, { conversation: { roomId: status.id, status, readonly: true } });
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    renderLine(host, makeTranscript({ id: 'l3', isFinal: false, texts: { 'en-US': 'the te' } }));
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SpeakersList', () => {
  it('renames a named speaker and says "this was me"', async () => {
    const { user, actions } = renderApp(<SpeakersList />, inRoom(status, bo));
    const list = screen.getByRole('region', { name: 'Speakers without a device' });
    expect(
      within(list)
        .getAllByTestId('voicing-speaker')
        .map((li) => li.dataset.speakerId),
    ).toEqual([GRANDMA]);
    await user.click(screen.getByRole('button', { name: 'Rename Grandma' }));
    const box = screen.getByRole('textbox', { name: 'New name for Grandma' }) as HTMLInputElement;
    expect(box.value).toBe('Grandma');
    await user.clear(box);
    await user.type(box, 'Granny Rose{Enter}');
    expect(actions.filter(speakersActions.renamed.match).map((a) => a.payload)).toEqual([
      { speakerId: GRANDMA, name: 'Granny Rose' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Grandma was me: make these lines mine' }));
    expect(actions.filter(speakersActions.claimed.match).map((a) => a.payload)).toEqual([
      { speakerId: GRANDMA },
    ]);
  });
});

describe('SpeakersList and the status’s possiblyMyself', () => {
  it('puts first, and says so, the speakers heard on my own microphone', () => {
    const GRAN = 'voicing-gran00000001';
    const mine = makeStatus({
      ...status,
      speakers: [
        ...status.speakers,
        { avaId: GRAN, avaName: 'Gran', userName: 'Gran', voicing: true, possiblyMyself: true },
      ],
    });
    renderApp(<SpeakersList />, inRoom(mine, bo));
    const items = screen.getAllByTestId('voicing-speaker');
    expect(items.map((li) => li.dataset.speakerId)).toEqual([GRAN, GRANDMA]);
    expect(within(items[0]!).getByTestId('possibly-me').textContent).toContain('(heard on your microphone)');
    expect(within(items[1]!).queryByTestId('possibly-me')).toBeNull();
  });
});

describe('SpeakerChangeAnnouncer', () => {
  it('tells the screen reader when a line is now someone else’s', () => {
    const { store } = renderApp(<SpeakerChangeAnnouncer />, inRoom(status, bo));
    act(() => {
      store.dispatch(
        socketActions.messageReceived({
          type: 'transcripts',
          transcripts: [hostsLine],
          seq: 1,
          hasOlder: false,
        }),
      );
      store.dispatch(
        socketActions.messageReceived({
          type: 'transcript',
          transcript: { ...hostsLine, author: GRANDMA, authorShow: 'Grandma', sourceAuthor: 'host1' },
          seq: 2,
        }),
      );
    });
    const region = screen.getByTestId('speaker-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('A line is now shown as said by Grandma: the tea is ready');
  });
});
