import { describe, expect, it } from 'vitest';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { transcriptSaga } from '../../../../../src/renderer/features/transcript/sagas';
import { transcriptActions } from '../../../../../src/renderer/features/transcript/slice';
import {
  type FakeFiles,
  makeFakes,
  makeStatus,
  makeTranscript,
  run,
  settle,
} from '../../../../helpers/saga-harness';

const loaded = {
  session: {
    ...initialSessionState,
    status: 'ready' as const,
    identity: { kind: 'guest' as const, avaId: 'me1', userName: 'Mia', credential: 'cred' },
  },
  transcript: {
    roomId: 'r1',
    status: 'loaded' as const,
    room: makeStatus({ id: 'r1', title: 'Demo', startTimestampMs: Date.UTC(2026, 0, 2, 10, 0) }),
    transcripts: [
      makeTranscript({
        id: 'a',
        index: 0,
        isFinal: true,
        authorShow: 'Ada',
        texts: { 'en-US': 'First line.' },
        asr: { final: true, timeReceivedMs: Date.UTC(2026, 0, 2, 10, 0, 5), engine: 'pocketsphinx' },
        timestampMs: Date.UTC(2026, 0, 2, 10, 0, 4),
      }),
    ],
  },
};

describe('downloading an export', () => {
  it('asks the server for the format in the reader’s language with their proof, then saves the file', async () => {
    const fakes = makeFakes();
    const file = { blob: new Blob(['1\n']), fileName: 'Demo-2026-01-02.srt' };
    (fakes.deps.files as FakeFiles).answer = { ok: true, status: 200, data: file };
    const app = run(transcriptSaga, [fakes.deps], loaded);
    app.dispatch(transcriptActions.exportRequested('srt'));
    expect(app.state.transcript.exporting).toEqual({ action: 'srt', state: 'working' });
    await settle();
    const files = fakes.deps.files as FakeFiles;
    expect(files.requests).toHaveLength(1);
    const url = new URL(files.requests[0]!.path, 'http://x');
    expect(url.pathname).toBe('/api/v1/rooms/r1/transcripts/export');
    expect(url.searchParams.get('format')).toBe('srt');
    expect(url.searchParams.get('ui')).toBe('en');
    expect(url.searchParams.get('timeZone')).toBeTruthy();
    expect(files.requests[0]!.headers.Authorization).toMatch(/^Basic /);
    expect(files.saved).toEqual([file]);
    expect(app.state.transcript.exporting).toEqual({ action: 'srt', state: 'done' });
  });

  it('says why a download failed, and saves nothing', async () => {
    const fakes = makeFakes();
    (fakes.deps.files as FakeFiles).answer = {
      ok: false,
      status: 403,
      message: 'The host has not shared this transcript.',
    };
    const app = run(transcriptSaga, [fakes.deps], loaded);
    app.dispatch(transcriptActions.exportRequested('docx'));
    await settle();
    expect((fakes.deps.files as FakeFiles).saved).toEqual([]);
    expect(app.state.transcript.exporting).toEqual({
      action: 'docx',
      state: 'failed',
      message: 'The host has not shared this transcript.',
    });
  });
});

describe('copying the transcript', () => {
  it('copies the lines as text, with the title and speakers', async () => {
    const fakes = makeFakes();
    const copied: string[] = [];
    fakes.deps.clipboard = { writeText: async (text) => void copied.push(text) };
    const app = run(transcriptSaga, [fakes.deps], loaded);
    app.dispatch(transcriptActions.copyRequested());
    await settle();
    expect(copied).toHaveLength(1);
    expect(copied[0]!.split('\n')[0]).toBe('Demo');
    expect(copied[0]).toMatch(/\n\[00:04\] Ada: First line\.\n$/);
    expect(app.state.transcript.exporting).toEqual({ action: 'copy', state: 'done' });
  });

  it('says when the clipboard refused', async () => {
    const fakes = makeFakes();
    fakes.deps.clipboard = { writeText: () => Promise.reject(new Error('clipboard unavailable')) };
    const app = run(transcriptSaga, [fakes.deps], loaded);
    app.dispatch(transcriptActions.copyRequested());
    await settle();
    expect(app.state.transcript.exporting).toMatchObject({
      action: 'copy',
      state: 'failed',
      message: 'clipboard unavailable',
    });
  });
});

describe('in the reader’s language', () => {
  it('downloads and copies the translation the room made for them', async () => {
    const fakes = makeFakes();
    const copied: string[] = [];
    fakes.deps.clipboard = { writeText: async (text) => void copied.push(text) };
    const spanish = {
      ...loaded,
      transcript: {
        ...loaded.transcript,
        transcripts: loaded.transcript.transcripts.map((t) => ({
          ...t,
          texts: { ...t.texts, es: 'Primera línea.' },
        })),
      },
      translation: { readingLang: 'es', showOriginal: false, autoTogglePending: false },
    };
    const app = run(transcriptSaga, [fakes.deps], spanish);
    app.dispatch(transcriptActions.exportRequested('vtt'));
    app.dispatch(transcriptActions.copyRequested());
    await settle();
    const files = fakes.deps.files as FakeFiles;
    expect(new URL(files.requests[0]!.path, 'http://x').searchParams.get('lang')).toBe('es');
    expect(copied[0]).toContain('Ada: Primera línea.');
  });
});
