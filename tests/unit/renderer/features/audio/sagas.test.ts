import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { littleEndianBytesToInt16, volumeLevel } from '../../../../../src/shared/audio';
import {
  CHUNK_SAMPLES,
  SNACKBAR_ERROR_HIDE_MS,
  STORAGE_KEYS,
  VOLUME_SAMPLE_INTERVAL_MS,
} from '../../../../../src/shared/constants';
import { audioSaga } from '../../../../../src/renderer/features/audio/sagas';
import { audioActions } from '../../../../../src/renderer/features/audio/slice';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { settingsActions } from '../../../../../src/renderer/features/settings/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import {
  FakeCaptureSession,
  FakeSocket,
  type Fakes,
  type Running,
  makeFakes,
  run,
} from '../../../../helpers/saga-harness';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function tone(amplitude: number): Int16Array {
  const out = new Int16Array(CHUNK_SAMPLES);
  for (let i = 0; i < out.length; i++) out[i] = i % 2 === 0 ? amplitude : -amplitude;
  return out;
}

describe('audio saga', () => {
  let fakes: Fakes;
  let app: Running;
  let socket: FakeSocket;

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
    fakes = makeFakes();
    socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(audioSaga, [fakes.deps]);
    app.dispatch(conversationActions.entered({ roomId: 'host1_room', readonly: false }));
    app.dispatch(socketActions.statusEvent('connect'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  async function startRecording(): Promise<FakeCaptureSession> {
    app.dispatch(audioActions.toggleRequested());
    await tick();
    expect(app.state.audio.recording).toBe('PENDING');
    const session = new FakeCaptureSession();
    fakes.audio.lastStart.resolve(session);
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    return session;
  }

  it('goes PENDING then RECORDING, sends audio/start with the spec metadata, then binary Int16 LE chunks', async () => {
    const session = await startRecording();
    expect(socket.sentOfType('audio')).toEqual([
      {
        type: 'audio',
        action: 'start',
        metadata: {
          lang: 'en-US',
          format: 'pcm_s16le',
          sampleRateHz: 16000,
          recordingMode: 'web',
          chunkLengthMs: 60,
          recordingStart: 1_700_000_000_000,
          mic: 'BUILTIN',
          // Where its frames begin in the microphone's capture (held audio is checked against it).
          capture: { id: expect.any(String), offsetSamples: 0, atMs: 1_700_000_000_000 },
        },
      },
    ]);
    const chunk = tone(1000);
    chunk[0] = -2;
    chunk[1] = 258;
    session.chunk(chunk);
    await tick();
    expect(socket.binary).toHaveLength(1);
    const bytes = socket.binary[0]!;
    expect(bytes.byteLength).toBe(CHUNK_SAMPLES * 2);
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0xfe, 0xff, 0x02, 0x01]);
    expect(littleEndianBytesToInt16(bytes)).toEqual(chunk);
  });

  it('sends silence of the same length while a voiced reply mutes the microphone, then the microphone again', async () => {
    const session = await startRecording();
    app.dispatch(audioActions.voiceMuted(true));
    session.chunk(tone(8000));
    await tick();
    app.dispatch(audioActions.voiceMuted(false));
    session.chunk(tone(8000));
    await tick();
    expect(socket.binary).toHaveLength(2);
    const [muted, unmuted] = socket.binary.map((b) => littleEndianBytesToInt16(b)!);
    expect(muted!.length).toBe(CHUNK_SAMPLES);
    expect(muted!.every((s) => s === 0)).toBe(true);
    expect(unmuted).toEqual(tone(8000));
  });

  it('starts on a start request and, unlike the button, never stops on one', async () => {
    app.dispatch(audioActions.startRequested());
    await tick();
    expect(app.state.audio.recording).toBe('PENDING');
    fakes.audio.lastStart.resolve(new FakeCaptureSession());
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    app.dispatch(audioActions.startRequested());
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    expect(socket.sentOfType('audio').filter((m) => m.action === 'start')).toHaveLength(1);
  });

  it('stops on the button: releases the microphone, sends audio/stop, NOT_RECORDING', async () => {
    const session = await startRecording();
    app.dispatch(audioActions.toggleRequested());
    await tick();
    expect(session.stopped).toBe(true);
    expect(socket.sentOfType('audio').map((m) => m.action)).toEqual(['start', 'stop']);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
  });

  it('stops while PENDING and aborts the capture being opened', async () => {
    app.dispatch(audioActions.toggleRequested());
    await tick();
    app.dispatch(audioActions.stopRequested());
    await tick();
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(fakes.audio.lastStart.signal.aborted).toBe(true);
    expect(socket.sentOfType('audio')).toEqual([]);
  });

  it('returns to NOT_RECORDING and explains a refused permission in words', async () => {
    app.dispatch(audioActions.toggleRequested());
    await tick();
    fakes.audio.lastStart.reject(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    await tick();
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.audio.error).toBe('PERMISSION_DENIED');
    // Not a notice that fades: the problem stays (AudioProblemNotice) until recording starts.
    expect(app.state.notifications.items).toEqual([]);
    await tick(SNACKBAR_ERROR_HIDE_MS * 2);
    expect(app.state.audio.error).toBe('PERMISSION_DENIED');
    app.dispatch(audioActions.toggleRequested());
    await tick();
    expect(app.state.audio.error).toBeUndefined();
    expect(socket.sentOfType('audio')).toEqual([]);
  });

  it('keeps the microphone through a dropped connection, and sends what it held before the live audio', async () => {
    const session = await startRecording();
    const captureId = socket.sentOfType('audio')[0]!.metadata!.capture!.id;
    // Sent, then proved arrived by a PONG to a ping sent after it: let go.
    session.chunk(tone(100));
    await tick(100);
    app.dispatch(
      socketActions.messageReceived({ type: 'PONG', clientTimeMs: Date.now(), serverTimeMs: Date.now() }),
    );
    // Sent, and no PONG since: the dead socket may have swallowed it.
    session.chunk(tone(200));
    await tick(100);
    expect(socket.binary).toHaveLength(2);
    const lostAt = Date.now();
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    expect(app.state.audio).toMatchObject({ recording: 'RECORDING', resuming: true });
    expect(session.stopped).toBe(false);
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['audio.holdingConnectionLost']);
    session.chunk(tone(300));
    session.chunk(tone(400));
    await tick(100);
    expect(socket.binary).toHaveLength(2);

    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
    expect(app.state.audio.resuming).toBe(false);
    // Held audio first: a start marked late from the first chunk not proved arrived, in one frame.
    const late = socket.sentOfType('audio')[1]!;
    expect(late.metadata).toMatchObject({
      late: true,
      resumedFromMs: lostAt,
      capture: { id: captureId, offsetSamples: CHUNK_SAMPLES },
    });
    expect(socket.binary).toHaveLength(3);
    const held = littleEndianBytesToInt16(socket.binary[2]!)!;
    expect(Array.from(held.filter((_, i) => i % CHUNK_SAMPLES === 0))).toEqual([200, 300, 400]);
    // A chunk captured while it goes is held audio too; then the live audio, from where it ends.
    session.chunk(tone(500));
    await tick(1000);
    expect(littleEndianBytesToInt16(socket.binary[3]!)![0]).toBe(500);
    const live = socket.sentOfType('audio')[2]!;
    expect(live.action).toBe('start');
    expect(live.metadata?.late).toBeUndefined();
    expect(live.metadata?.resumedFromMs).toBeUndefined();
    expect(live.metadata?.capture).toMatchObject({ id: captureId, offsetSamples: 5 * CHUNK_SAMPLES });
    session.chunk(tone(600));
    await tick();
    expect(littleEndianBytesToInt16(socket.binary[4]!)![0]).toBe(600);
    expect(app.state.notifications.items.map((n) => n.key)).toContain('audio.resumed');
    // The microphone was never opened again.
    expect(fakes.audio.starts).toHaveLength(1);
    expect(app.state.audio.recording).toBe('RECORDING');
  });

  it('stopped during a drop, releases the microphone but sends what it held once the connection is back, then stops', async () => {
    const session = await startRecording();
    const captureId = socket.sentOfType('audio')[0]!.metadata!.capture!.id;
    session.chunk(tone(100));
    await tick(100);
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    session.chunk(tone(200));
    session.chunk(tone(300));
    await tick(100);
    app.dispatch(audioActions.stopRequested());
    await tick();
    expect(session.stopped).toBe(true);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    const sentBefore = socket.sent.length;
    // Minutes later the connection is back: the held audio goes, late, and then the stop.
    await tick(120_000);
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick(1000);
    const after = socket.sent.slice(sentBefore).filter((m) => m.type === 'audio');
    expect(after.map((m) => m.action)).toEqual(['start', 'stop']);
    expect(after[0]!.metadata).toMatchObject({ late: true, capture: { id: captureId, offsetSamples: 0 } });
    const held = littleEndianBytesToInt16(socket.binary.at(-1)!)!;
    expect(Array.from(held.filter((_, i) => i % CHUNK_SAMPLES === 0))).toEqual([100, 200, 300]);
    // The microphone was not opened again for it.
    expect(fakes.audio.starts).toHaveLength(1);
  });

  it('drops what a recording stopped during a drop held when the conversation is left before the connection is back', async () => {
    const session = await startRecording();
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    session.chunk(tone(200));
    await tick(100);
    app.dispatch(audioActions.stopRequested());
    await tick();
    app.dispatch(conversationActions.exited());
    await tick();
    const binaryBefore = socket.binary.length;
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick(1000);
    expect(socket.binary).toHaveLength(binaryBefore);
    expect(socket.sentOfType('audio').filter((m) => m.metadata?.late)).toHaveLength(0);
  });

  it('resumes after a drop while the microphone was still starting', async () => {
    app.dispatch(audioActions.toggleRequested());
    await tick();
    app.dispatch(socketActions.statusEvent('offline'));
    await tick();
    expect(app.state.audio).toMatchObject({ recording: 'NOT_RECORDING', resuming: true });
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
    expect(app.state.audio.recording).toBe('PENDING');
    expect(fakes.audio.starts).toHaveLength(2);
  });

  it.each([
    ['the record button', () => audioActions.toggleRequested()],
    ['a stop request', () => audioActions.stopRequested()],
    ['leaving the conversation', () => conversationActions.exited()],
  ])('does not resume once %s ends the wait', async (_name, action) => {
    await startRecording();
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    app.dispatch(action());
    await tick();
    expect(app.state.audio.resuming).toBe(false);
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
    expect(fakes.audio.starts).toHaveLength(1);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
  });

  it('stops without waiting when the socket is closed on purpose', async () => {
    const session = await startRecording();
    app.dispatch(socketActions.statusEvent('close'));
    await tick();
    expect(session.stopped).toBe(true);
    expect(app.state.audio).toMatchObject({ recording: 'NOT_RECORDING', resuming: false });
  });

  it('does not start without a connection, and says why', async () => {
    app.dispatch(socketActions.statusEvent('lost'));
    fakes.deps.link.detach();
    app.dispatch(audioActions.toggleRequested());
    await tick();
    expect(fakes.audio.starts).toHaveLength(0);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['audio.needsConnection']);
  });

  it('restarts on a microphone change while recording, with the new device', async () => {
    fakes.audio.devices = [
      { id: 'mic-a', label: 'A', name: 'A', default: false, isInternal: false, isBluetooth: false },
      { id: 'mic-b', label: 'B Bluetooth', name: 'B', default: false, isInternal: false, isBluetooth: true },
    ];
    fakes.audio.fireDeviceChange();
    await tick();
    const first = await startRecording();
    app.dispatch(audioActions.micSelected('mic-b'));
    await tick();
    expect(first.stopped).toBe(true);
    expect(app.state.audio.recording).toBe('PENDING');
    expect(fakes.audio.starts).toHaveLength(2);
    expect(fakes.audio.lastStart.options.deviceId).toBe('mic-b');
    fakes.audio.lastStart.resolve(new FakeCaptureSession());
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    const actions = socket.sentOfType('audio');
    expect(actions.map((m) => m.action)).toEqual(['start', 'stop', 'start']);
    expect(actions[2]!.metadata?.mic).toBe('BT');
    expect(fakes.storage.get(STORAGE_KEYS.selectedMicId)).toBe('mic-b');
  });

  it('restarts with the new language when the speech language changes', async () => {
    await startRecording();
    app.dispatch(settingsActions.speechLangChanged('fr-FR'));
    await tick();
    fakes.audio.lastStart.resolve(new FakeCaptureSession());
    await tick();
    expect(socket.sentOfType('audio').at(-1)?.metadata?.lang).toBe('fr-FR');
  });

  it('stops quietly when the user leaves the conversation', async () => {
    const session = await startRecording();
    app.dispatch(conversationActions.exited());
    await tick();
    expect(session.stopped).toBe(true);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.notifications.items).toEqual([]);
  });

  it('shows the loudest level of each period on the volume meter, and 0 once stopped', async () => {
    const session = await startRecording();
    session.chunk(tone(300));
    session.chunk(tone(8000));
    await tick(VOLUME_SAMPLE_INTERVAL_MS);
    const loud = app.state.audio.volume;
    expect(loud).toBe(volumeLevel(tone(8000)));
    expect(loud).toBeGreaterThan(volumeLevel(tone(300)));
    session.chunk(tone(30));
    await tick(VOLUME_SAMPLE_INTERVAL_MS);
    expect(app.state.audio.volume).toBeLessThan(loud);
    app.dispatch(audioActions.toggleRequested());
    await tick();
    expect(app.state.audio.volume).toBe(0);
  });

  it('stops and warns when the microphone track ends', async () => {
    const session = await startRecording();
    session.end();
    await tick();
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.notifications.items.map((n) => n.key)).toEqual(['audio.trackEnded']);
  });

  it.each([
    ['auto-stop', 'audio.autoStopped'],
    ['force-mute', 'audio.forceMuted'],
    ['no-audio', 'audio.noAudioStopped'],
  ] as const)('stops and says why when the server stops the microphone (%s)', async (reason, key) => {
    const session = await startRecording();
    app.dispatch(socketActions.messageReceived({ type: 'recording-stopped', reason }));
    await tick();
    expect(session.stopped).toBe(true);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
    expect(app.state.notifications.items.map((n) => n.key)).toEqual([key]);
    // Not restarted behind the person's back: the next start is theirs.
    await tick(5000);
    expect(socket.sentOfType('audio').map((m) => m.action)).toEqual(['start', 'stop']);
  });

  it('keeps the auto stop notice until dismissed, and turns the microphone on again in one tap', async () => {
    await startRecording();
    app.dispatch(socketActions.messageReceived({ type: 'recording-stopped', reason: 'auto-stop' }));
    await tick(10 * 60_000);
    const [notice] = app.state.notifications.items;
    expect(notice).toMatchObject({
      key: 'audio.autoStopped',
      values: { seconds: 100 },
      sticky: true,
      action: { labelKey: 'audio.autoStoppedGoOn' },
    });
    // The one tap: the notice's button dispatches its action (Notifications.tsx).
    app.dispatch(notice!.action!.action);
    await tick();
    expect(app.state.audio.recording).toBe('PENDING');
    fakes.audio.lastStart.resolve(new FakeCaptureSession());
    await tick();
    expect(app.state.audio.recording).toBe('RECORDING');
    // Recording again: the notice has said its piece.
    expect(app.state.notifications.items).toEqual([]);
  });

  it('does not record in a read-only conversation', async () => {
    app.dispatch(conversationActions.entered({ roomId: 'host1_room', readonly: true }));
    app.dispatch(audioActions.toggleRequested());
    await tick();
    expect(fakes.audio.starts).toHaveLength(0);
    expect(app.state.audio.recording).toBe('NOT_RECORDING');
  });
});
