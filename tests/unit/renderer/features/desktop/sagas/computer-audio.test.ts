/**
 * The desktop's "both": the microphone on the room's connection, the computer's sound on a
 * second connection of the same person under its own label; they start, stop, resume after a
 * lost connection and end together (the audio saga with desktop capture's two streams).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { littleEndianBytesToInt16 } from '../../../../../../src/shared/audio';
import { RECONNECT_MIN_INTERVAL_MS } from '../../../../../../src/shared/constants';
import { audioSaga } from '../../../../../../src/renderer/features/audio/sagas';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { conversationActions } from '../../../../../../src/renderer/features/conversation/slice';
import { withComputerAudio } from '../../../../../../src/renderer/features/desktop/desktop-capture';
import { ComputerAudioHold } from '../../../../../../src/renderer/features/desktop/sagas/computer-audio';
import { HeldAudio } from '../../../../../../src/renderer/features/audio/held-audio';
import { settingsActions } from '../../../../../../src/renderer/features/settings/slice';
import { socketActions } from '../../../../../../src/renderer/features/socket/slice';
import type { RootState } from '../../../../../../src/renderer/app/root-reducer';
import {
  FakeCaptureSession,
  FakeSocket,
  type Fakes,
  type Running,
  makeFakes,
  makeStatus,
  run,
} from '../../../../../helpers/saga-harness';
import { ready } from '../../../../../helpers/desktop-saga';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const ROOM = 'host1_room';

describe('the computer audio as its own stream', () => {
  let fakes: Fakes;
  let app: Running;
  let main: FakeSocket;

  function start(preloaded: Partial<RootState> = {}) {
    fakes = makeFakes();
    main = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(main);
    app = run(audioSaga, [fakes.deps], { session: ready, ...preloaded });
    app.dispatch(conversationActions.entered({ roomId: ROOM, readonly: false }));
    app.dispatch(socketActions.statusEvent('connect'));
    app.dispatch(socketActions.statusEvent('succeeded'));
  }

  /** Starts recording with desktop capture's two streams; returns them and the second connection. */
  async function record() {
    app.dispatch(audioActions.startRequested());
    await tick();
    const mic = new FakeCaptureSession();
    const computer = new FakeCaptureSession();
    fakes.audio.lastStart.resolve(withComputerAudio(mic, computer));
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    const second = fakes.sockets.at(-1)!;
    return { mic, computer, second };
  }

  async function accept(second: FakeSocket) {
    second.open();
    second.receive({ type: 'connection-succeeded' } as never);
    await tick();
  }

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  it('opens a second connection of the same person for the computer audio, labelled, never mixed', async () => {
    start();
    await tick();
    const { mic, computer, second } = await record();
    expect(fakes.sockets).toHaveLength(1);
    // The microphone's start went on the room's connection, as the person.
    expect(main.sentOfType('audio')).toHaveLength(1);
    expect(main.sentOfType('audio')[0]!.metadata?.source).toBeUndefined();
    await accept(second);
    expect(second.sentOfType('connection-params')).toEqual([
      expect.objectContaining({ speakerId: 'me_1', roomId: ROOM, username: 'Ada', lang: 'en-US' }),
    ]);
    const starts = second.sentOfType('audio');
    expect(starts).toHaveLength(1);
    expect(starts[0]!.metadata).toMatchObject({
      lang: 'en-US',
      source: { kind: 'computer-audio', label: 'Computer audio' },
    });
    mic.chunk(Int16Array.from([100, 200]));
    computer.chunk(Int16Array.from([1, 2]));
    computer.chunk(Int16Array.from([3, 4]));
    await tick();
    expect(main.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([[100, 200]]);
    expect(second.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('takes the meeting’s name when the conversation has one, and the person’s language otherwise', async () => {
    start();
    app.dispatch(
      socketActions.messageReceived({
        type: 'room-status',
        status: makeStatus({ id: ROOM, title: 'Weekly sync' }),
      }),
    );
    await tick();
    let { second } = await record();
    await accept(second);
    expect(second.sentOfType('audio')[0]!.metadata?.source?.label).toBe('Weekly sync');
    app.dispatch(audioActions.stopRequested());
    await tick();
    app.task.cancel();
    start({ settings: { ...app.state.settings, language: 'fr' } });
    await tick();
    ({ second } = await record());
    await accept(second);
    expect(second.sentOfType('audio')[0]!.metadata?.source?.label).toBe('Son de l’ordinateur');
  });

  it('stops both together: audio stop on each connection, the second closed, both captures released', async () => {
    start();
    await tick();
    const { mic, computer, second } = await record();
    await accept(second);
    app.dispatch(audioActions.stopRequested());
    await tick();
    expect(main.sentOfType('audio').map((m) => m.action)).toEqual(['start', 'stop']);
    expect(second.sentOfType('audio').map((m) => m.action)).toEqual(['start', 'stop']);
    expect(second.closed).toBe(true);
    expect([mic.stopped, computer.stopped]).toEqual([true, true]);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
  });

  it('a lost room connection keeps the microphone listening and holds its audio; once it is back, the held audio goes first and the computer audio gets a new connection', async () => {
    start();
    await tick();
    const { mic, computer, second } = await record();
    await accept(second);
    const opened = fakes.audio.starts.length;
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    expect(second.closed).toBe(true);
    expect([mic.stopped, computer.stopped]).toEqual([false, false]);
    expect(app.state.audio).toMatchObject({ recording: 'RECORDING', resuming: true });
    mic.chunk(Int16Array.from([7, 8]));
    await tick();
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick(1000);
    // The microphone was never opened again: its held audio went first, marked late.
    expect(fakes.audio.starts.length).toBe(opened);
    const starts = main.sentOfType('audio').filter((m) => m.action === 'start');
    expect(starts.map((m) => m.metadata?.late === true)).toEqual([false, true, false]);
    expect(main.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toContainEqual([7, 8]);
    // The computer's sound on a new connection of its own, with no gap of its own to report.
    const again = fakes.sockets.at(-1)!;
    expect(again).not.toBe(second);
    await accept(again);
    expect(again.sentOfType('audio').map((m) => m.action)).toEqual(['start']);
    expect(again.sentOfType('audio')[0]!.metadata?.resumedFromMs).toBeUndefined();
    computer.chunk(Int16Array.from([5, 6]));
    await tick();
    expect(again.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([[5, 6]]);
  });

  it('holds the computer’s sound through a dropped room connection, and its new connection sends it first, late, then the live sound', async () => {
    start();
    await tick();
    const { computer, second } = await record();
    await accept(second);
    computer.chunk(Int16Array.from([1, 2]));
    await tick();
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    // Said while nobody carries it: held, not lost.
    computer.chunk(Int16Array.from([9, 9]));
    computer.chunk(Int16Array.from([8, 8]));
    await tick();
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick(1000);
    const again = fakes.sockets.at(-1)!;
    expect(again).not.toBe(second);
    await accept(again);
    await tick(1000);
    const starts = again.sentOfType('audio');
    expect(starts.map((m) => m.metadata?.late === true)).toEqual([true, false]);
    const [late, live] = starts.map((m) => m.metadata!);
    expect(late).toMatchObject({
      format: 'pcm_s16le',
      source: { kind: 'computer-audio', label: 'Computer audio' },
      capture: { offsetSamples: 2 },
    });
    expect(late!.resumedFromMs).toBeUndefined();
    // The live sound begins where the held audio ended, in the same capture.
    expect(live).toMatchObject({ source: { kind: 'computer-audio' }, capture: { offsetSamples: 6 } });
    expect(live!.capture!.id).toBe(late!.capture!.id);
    computer.chunk(Int16Array.from([5, 6]));
    await tick();
    expect(again.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([
      [9, 9, 8, 8],
      [5, 6],
    ]);
  });

  it('sends what the computer captured before its first connection was accepted as the start of its live sound, not late', async () => {
    start();
    await tick();
    const { computer, second } = await record();
    computer.chunk(Int16Array.from([4, 4]));
    await tick();
    await accept(second);
    const starts = second.sentOfType('audio');
    expect(starts.map((m) => m.metadata?.late === true)).toEqual([false]);
    expect(starts[0]!.metadata?.capture).toMatchObject({ offsetSamples: 0 });
    expect(second.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([[4, 4]]);
  });

  it('a lost computer-audio connection alone leaves the microphone on, and the computer audio starts again after the reconnection interval', async () => {
    start();
    await tick();
    const { mic, computer, second } = await record();
    await accept(second);
    const opened = fakes.audio.starts.length;
    const connections = fakes.sockets.length;
    second.drop();
    await tick();
    expect([mic.stopped, computer.stopped]).toEqual([false, false]);
    expect(main.sentOfType('audio').map((m) => m.action)).toEqual(['start']);
    expect(app.state.audio.recording).toBe('RECORDING');
    mic.chunk(Int16Array.from([1, 1]));
    await tick();
    expect(main.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([[1, 1]]);
    await tick(RECONNECT_MIN_INTERVAL_MS - 100);
    expect(fakes.sockets.length).toBe(connections);
    await tick(100);
    expect(fakes.sockets.length).toBe(connections + 1);
    const again = fakes.sockets.at(-1)!;
    await accept(again);
    expect(again.sentOfType('audio')).toHaveLength(1);
    expect(fakes.audio.starts.length).toBe(opened);
  });

  it('holds the computer’s sound while its own connection alone is down, and sends it late first', async () => {
    start();
    await tick();
    const { computer, second } = await record();
    await accept(second);
    second.drop();
    await tick();
    computer.chunk(Int16Array.from([3, 3]));
    await tick(RECONNECT_MIN_INTERVAL_MS);
    const again = fakes.sockets.at(-1)!;
    expect(again).not.toBe(second);
    await accept(again);
    await tick(1000);
    expect(again.sentOfType('audio').map((m) => m.metadata?.late === true)).toEqual([true, false]);
    expect(again.binary.map((b) => Array.from(littleEndianBytesToInt16(b)!))).toEqual([[3, 3]]);
  });

  it('the server refusing the computer audio stops both and says why', async () => {
    start();
    await tick();
    const { mic, second } = await record();
    second.open();
    second.receive({ type: 'connection-succeeded' } as never);
    second.receive({
      type: 'error',
      error: {
        code: 'invalid-message',
        message: 'audio.metadata.source.label: A name must have 2 to 49 characters.',
      },
      inReplyTo: 'audio',
    });
    await tick();
    expect(mic.stopped).toBe(true);
    expect(second.closed).toBe(true);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.notifications.items).toContainEqual(
      expect.objectContaining({ key: 'desktop.computerAudioRefused' }),
    );
  });

  it('the computer audio ending (its device gone) ends the recording like the microphone ending', async () => {
    start();
    await tick();
    const { mic, computer, second } = await record();
    await accept(second);
    computer.end();
    await tick();
    expect(mic.stopped).toBe(true);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.notifications.items).toContainEqual(
      expect.objectContaining({ key: 'audio.trackEnded' }),
    );
  });

  it('a language change restarts both streams', async () => {
    start();
    await tick();
    const { second } = await record();
    await accept(second);
    app.dispatch(settingsActions.speechLangChanged('fr-FR'));
    await tick();
    expect(second.closed).toBe(true);
    const again = await record();
    await accept(again.second);
    expect(again.second.sentOfType('audio')[0]!.metadata?.lang).toBe('fr-FR');
  });

  it('the computer audio alone goes on the room connection, under its label, with no second connection', async () => {
    start();
    await tick();
    app.dispatch(audioActions.startRequested());
    await tick();
    fakes.audio.lastStart.resolve(
      Object.assign(new FakeCaptureSession(), { hears: 'computer-audio' as const }),
    );
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    expect(fakes.sockets).toHaveLength(0);
    expect(main.sentOfType('audio')[0]!.metadata?.source).toEqual({
      kind: 'computer-audio',
      label: 'Computer audio',
    });
  });
});

describe('the computer’s held sound', () => {
  it('is bounded like the microphone’s: beyond it, the oldest is dropped', () => {
    const computer = new FakeCaptureSession();
    const hold = new ComputerAudioHold(computer, () => 5, new HeldAudio(2));
    for (const value of [1, 2, 3]) computer.chunk(Int16Array.from([value]));
    expect(hold.held.length).toBe(2);
    expect(Array.from(hold.held.first!.samples)).toEqual([2]);
    expect(hold.held.takeDropped()).toBe(1);
    // Sent live, it is counted in the capture but not kept.
    const sent: number[][] = [];
    hold.sendLiveTo((samples) => sent.push(Array.from(samples)));
    computer.chunk(Int16Array.from([4]));
    expect(sent).toEqual([[4]]);
    expect(hold.held.end).toBe(4);
    hold.close();
    computer.chunk(Int16Array.from([5]));
    expect(sent).toEqual([[4]]);
  });
});
