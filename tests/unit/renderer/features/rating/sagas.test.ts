import { afterEach, describe, expect, it } from 'vitest';
import { initialSessionState } from '../../../../../src/renderer/features/identity/slice';
import { ratingSaga } from '../../../../../src/renderer/features/rating/sagas';
import { ratingActions } from '../../../../../src/renderer/features/rating/slice';
import { type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const flush = () => new Promise((r) => setTimeout(r, 0));
const ROUTE = '/api/v1/rooms/r1/rating';

describe('rating saga', () => {
  let fakes: Fakes;
  let app: Running;

  function start() {
    fakes = makeFakes();
    app = run(ratingSaga, [fakes.deps], {
      session: {
        ...initialSessionState,
        status: 'ready',
        identity: { kind: 'guest', avaId: 'me1', userName: 'Me', credential: 'cred' },
      },
    });
  }
  afterEach(() => app.task.cancel());

  it('offers the form when the server has no rating of this person', async () => {
    start();
    fakes.http.on('GET', ROUTE, { ok: true, status: 200, data: { roomId: 'r1', rating: null } });
    app.dispatch(ratingActions.checkRequested('r1'));
    expect(app.state.rating.byRoom.r1?.status).toBe('checking');
    await flush();
    expect(app.state.rating.byRoom.r1?.status).toBe('open');
    expect(fakes.http.callsTo('GET', ROUTE)[0]!.headers).toBeDefined();
  });

  it('does not offer it again after a reload when the rating was stored', async () => {
    start();
    fakes.http.on('GET', ROUTE, { ok: true, status: 200, data: { roomId: 'r1', rating: { stars: 4 } } });
    app.dispatch(ratingActions.checkRequested('r1'));
    await flush();
    expect(app.state.rating.byRoom.r1?.status).toBe('already-rated');
  });

  it('asks once: a second check of the same conversation changes nothing', async () => {
    start();
    fakes.http.on('GET', ROUTE, { ok: true, status: 200, data: { roomId: 'r1', rating: null } });
    app.dispatch(ratingActions.checkRequested('r1'));
    await flush();
    app.dispatch(ratingActions.skipped('r1'));
    app.dispatch(ratingActions.checkRequested('r1'));
    await flush();
    expect(app.state.rating.byRoom.r1?.status).toBe('skipped');
    expect(fakes.http.callsTo('GET', ROUTE)).toHaveLength(1);
  });

  it('offers the form when the read-back fails, and says "already rated" from the server on sending', async () => {
    start();
    fakes.http.on('GET', ROUTE, { ok: false, status: 503, message: 'Service Unavailable' });
    fakes.http.on('POST', ROUTE, { ok: false, status: 409, message: 'already', code: 'already-rated' });
    app.dispatch(ratingActions.checkRequested('r1'));
    await flush();
    expect(app.state.rating.byRoom.r1?.status).toBe('open');
    app.dispatch(ratingActions.submitted({ roomId: 'r1', rating: { stars: 3 } }));
    await flush();
    expect(app.state.rating.byRoom.r1?.status).toBe('already-rated');
  });

  it('logs the spec’s Rated event once the rating is stored, not when it is refused', async () => {
    start();
    fakes.http.on('POST', ROUTE, { ok: true, status: 201, data: {} });
    app.dispatch(ratingActions.submitted({ roomId: 'r1', rating: { stars: 5 } }));
    await flush();
    expect(fakes.logger.entries.filter((e) => e.tag === 'analytics').map((e) => e.msg)).toEqual(['Rated']);
    fakes.http.on('POST', '/api/v1/rooms/r2/rating', { ok: false, status: 409, message: 'already' });
    app.dispatch(ratingActions.submitted({ roomId: 'r2', rating: { stars: 2 } }));
    await flush();
    expect(fakes.logger.entries.filter((e) => e.tag === 'analytics')).toHaveLength(1);
  });
});
