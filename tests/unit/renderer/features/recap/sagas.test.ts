import { describe, expect, it } from 'vitest';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { recapSaga } from '../../../../../src/renderer/features/recap/sagas';
import { recapActions } from '../../../../../src/renderer/features/recap/slice';
import { guestAuthorization } from '../../../../../src/shared/auth';
import { RECAP_API } from '../../../../../src/shared/recap/api';
import type { SmartRecap } from '../../../../../src/shared/recap/smart-recap';
import { makeFakes, makeTranscript, run, settle } from '../../../../helpers/saga-harness';

const ready = {
  session: {
    ...initialSessionState,
    status: 'ready' as const,
    identity: { kind: 'guest' as const, avaId: 'me1', userName: 'Mia', credential: 'cred-me1' },
  },
};

const recap: SmartRecap = {
  roomId: 'r1',
  method: 'extractive',
  points: [{ text: 'Hello.', transcriptId: 'x', index: 0 }],
  keywords: ['hello'],
  createdAtMs: 1,
};

describe('recap sagas', () => {
  it('loads the recap, the report and, for the host, the link, with the caller’s identity', async () => {
    const fakes = makeFakes();
    fakes.http.on('POST', RECAP_API.generateSmartRecap('r1'), { ok: true, status: 200, data: { recap } });
    fakes.http.on('GET', RECAP_API.captionQuality('r1'), {
      ok: false,
      status: 403,
      message: 'The host has not shared this transcript.',
    });
    fakes.http.on('GET', RECAP_API.shareLink('r1'), { ok: true, status: 200, data: { path: null } });
    const app = run(recapSaga, [fakes.deps], ready);
    app.dispatch(recapActions.opened({ roomId: 'r1', host: true }));
    await settle();
    expect(app.state.recap.recap).toEqual({ status: 'loaded', value: recap });
    expect(app.state.recap.quality).toEqual({
      status: 'failed',
      error: 'The host has not shared this transcript.',
    });
    expect(app.state.recap.shareLink).toEqual({ status: 'loaded', value: null });
    expect(fakes.http.calls).toHaveLength(3);
    for (const call of fakes.http.calls)
      expect(call.headers?.Authorization).toBe(guestAuthorization('cred-me1'));
  });

  it('does not ask a member who is not the host about the link', async () => {
    const fakes = makeFakes();
    const app = run(recapSaga, [fakes.deps], ready);
    app.dispatch(recapActions.opened({ roomId: 'r1', host: false }));
    await settle();
    expect(fakes.http.callsTo('GET', RECAP_API.shareLink('r1'))).toEqual([]);
    expect(app.state.recap.shareLink).toBeUndefined();
  });

  it('shares and stops sharing the link', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', RECAP_API.shareLink('r1'), { ok: true, status: 200, data: { path: null } });
    fakes.http.on('POST', RECAP_API.shareLink('r1'), {
      ok: true,
      status: 200,
      data: { path: '/web/shared-transcript?token=t' },
    });
    fakes.http.on('DELETE', RECAP_API.shareLink('r1'), { ok: true, status: 200, data: { path: null } });
    const app = run(recapSaga, [fakes.deps], ready);
    app.dispatch(recapActions.opened({ roomId: 'r1', host: true }));
    await settle();
    app.dispatch(recapActions.shareRequested({ roomId: 'r1', share: true }));
    await settle();
    expect(app.state.recap.shareLink).toEqual({ status: 'loaded', value: '/web/shared-transcript?token=t' });
    app.dispatch(recapActions.shareRequested({ roomId: 'r1', share: false }));
    await settle();
    expect(app.state.recap.shareLink).toEqual({ status: 'loaded', value: null });
  });

  it('opens a shared link with no identity at all', async () => {
    const fakes = makeFakes();
    const data = {
      status: {
        id: 'r1',
        title: 'T',
        startTimestampMs: 1,
        host: { avaId: 'h', avaName: 'Hana' },
        langs: ['en-US'],
      },
      transcripts: [makeTranscript({ id: 'x', isFinal: true })],
    };
    fakes.http.on('GET', RECAP_API.sharedTranscript('tok'), { ok: true, status: 200, data });
    fakes.http.on('GET', RECAP_API.sharedTranscript('bad'), {
      ok: false,
      status: 404,
      message: 'This link is not valid (or no longer).',
    });
    const app = run(recapSaga, [fakes.deps], {});
    app.dispatch(recapActions.sharedOpened('tok'));
    await settle();
    expect(app.state.recap.shared).toEqual({ token: 'tok', status: 'loaded', value: data });
    expect(fakes.http.calls[0]!.headers).toBeUndefined();
    app.dispatch(recapActions.sharedOpened('bad'));
    await settle();
    expect(app.state.recap.shared).toEqual({
      token: 'bad',
      status: 'failed',
      error: 'This link is not valid (or no longer).',
    });
  });
});
