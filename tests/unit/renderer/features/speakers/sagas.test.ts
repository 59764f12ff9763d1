import { describe, expect, it } from 'vitest';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { speakersSaga } from '../../../../../src/renderer/features/speakers/sagas';
import { speakersActions } from '../../../../../src/renderer/features/speakers/slice';
import { isVoicingSpeakerId } from '../../../../../src/shared/speakers';
import { FakeSocket, makeFakes, run } from '../../../../helpers/saga-harness';

function online() {
  const fakes = makeFakes();
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(speakersSaga, [fakes.deps]);
  app.dispatch(socketActions.statusEvent('connect'));
  app.dispatch(socketActions.statusEvent('succeeded'));
  return { fakes, socket, app };
}

describe('speakers saga', () => {
  it('names someone new and gives them the line in one go, with an id it made', () => {
    const { socket, app } = online();
    app.dispatch(speakersActions.menuOpened('line1'));
    app.dispatch(speakersActions.lineGivenToNewSpeaker({ lineId: 'line1', name: '  Grandma  Rose ' }));
    const [named] = socket.sentOfType('assign-voicing-speaker-name');
    expect(named).toMatchObject({ speakerName: 'Grandma Rose' });
    expect(isVoicingSpeakerId(named!.speakerId)).toBe(true);
    expect(socket.sentOfType('assign-bloc-different-speaker')).toEqual([
      { type: 'assign-bloc-different-speaker', speakerId: named!.speakerId, blocId: 'line1' },
    ]);
    expect(app.state.speakers.openLineId).toBeUndefined();
  });

  it('sends nothing for a name outside the rule', () => {
    const { socket, app } = online();
    app.dispatch(speakersActions.lineGivenToNewSpeaker({ lineId: 'line1', name: 'x' }));
    app.dispatch(speakersActions.renamed({ speakerId: 'voicing-abcdefgh12', name: ' ' }));
    expect(socket.sentOfType('assign-voicing-speaker-name')).toEqual([]);
    expect(socket.sentOfType('assign-bloc-different-speaker')).toEqual([]);
  });

  it('gives a line to a known speaker, renames, claims', () => {
    const { socket, app } = online();
    app.dispatch(speakersActions.lineAssigned({ lineId: 'line2', speakerId: 'bo' }));
    app.dispatch(speakersActions.renamed({ speakerId: 'voicing-abcdefgh12', name: 'Granny' }));
    app.dispatch(speakersActions.claimed({ speakerId: 'voicing-abcdefgh12' }));
    expect(socket.sentOfType('assign-bloc-different-speaker')).toEqual([
      { type: 'assign-bloc-different-speaker', speakerId: 'bo', blocId: 'line2' },
    ]);
    expect(socket.sentOfType('assign-voicing-speaker-name')).toEqual([
      { type: 'assign-voicing-speaker-name', speakerId: 'voicing-abcdefgh12', speakerName: 'Granny' },
    ]);
    expect(socket.sentOfType('assign-voicing-speaker-myself')).toEqual([
      { type: 'assign-voicing-speaker-myself', speakerId: 'voicing-abcdefgh12' },
    ]);
  });

  it('says so when offline, and keeps the menu open', () => {
    const fakes = makeFakes();
    const app = run(speakersSaga, [fakes.deps]);
    app.dispatch(speakersActions.menuOpened('line1'));
    app.dispatch(speakersActions.lineAssigned({ lineId: 'line1', speakerId: 'bo' }));
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['conversation.notConnected']);
    expect(app.state.speakers.openLineId).toBe('line1');
  });
});
