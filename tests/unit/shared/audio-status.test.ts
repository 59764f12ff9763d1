import { describe, expect, it } from 'vitest';
import {
  type AudioStatusEvent,
  type AudioStatusState,
  initialAudioStatus,
  nextAudioStatus,
} from '../../../src/shared/audio-status';

function run(events: AudioStatusEvent[], from: AudioStatusState = initialAudioStatus) {
  let state = from;
  const stops: number[] = [];
  events.forEach((event, i) => {
    const t = nextAudioStatus(state, event);
    state = t.state;
    if (t.stopAudio) stops.push(i);
  });
  return { state, stops };
}

describe('desktop audio status (conversation.md section 4)', () => {
  it('goes pending while the link connects and recording at the first volume once connected', () => {
    const connecting = run([{ type: 'link', state: 'connecting' }]);
    expect(connecting.state.status).toBe('pending');
    const connected = run([
      { type: 'link', state: 'connecting' },
      { type: 'link', state: 'connected' },
    ]);
    expect(connected.state.status).toBe('pending');
    const recording = run([
      { type: 'link', state: 'new' },
      { type: 'link', state: 'connected' },
      { type: 'volume' },
    ]);
    expect(recording.state).toEqual({ status: 'recording', link: 'connected' });
  });

  it('ignores volume while the link is not connected', () => {
    const { state } = run([{ type: 'link', state: 'connecting' }, { type: 'volume' }]);
    expect(state.status).toBe('pending');
  });

  it.each(['closed', 'disconnected', 'failed'] as const)('the link %s sets not recording', (link) => {
    const { state, stops } = run([
      { type: 'link', state: 'connected' },
      { type: 'volume' },
      { type: 'link', state: link },
    ]);
    expect(state.status).toBe('notRecording');
    expect(stops).toEqual([]);
  });

  it('a reconnecting link from recording goes back to pending, then recording with volume', () => {
    const { state } = run([
      { type: 'link', state: 'connected' },
      { type: 'volume' },
      { type: 'link', state: 'connecting' },
    ]);
    expect(state.status).toBe('pending');
    expect(run([{ type: 'link', state: 'connected' }, { type: 'volume' }], state).state.status).toBe(
      'recording',
    );
  });

  it('no volume for 5 s stops audio, once', () => {
    const { state, stops } = run([
      { type: 'link', state: 'connected' },
      { type: 'volume' },
      { type: 'volumeTimeout' },
      { type: 'volumeTimeout' },
    ]);
    expect(state.status).toBe('notRecording');
    expect(stops).toEqual([2]);
  });

  it('a pending pipeline that never reports volume is stopped too', () => {
    expect(run([{ type: 'link', state: 'connecting' }, { type: 'volumeTimeout' }]).stops).toEqual([1]);
  });

  it('stopping by the user is not a failure to report', () => {
    const { state, stops } = run([
      { type: 'link', state: 'connected' },
      { type: 'volume' },
      { type: 'stopped' },
    ]);
    expect(state.status).toBe('notRecording');
    expect(stops).toEqual([]);
  });
});
