import { describe, expect, it } from 'vitest';
import { desktopBuildsSaga } from '../../../../../src/renderer/features/desktop-download/sagas';
import { desktopBuildsActions } from '../../../../../src/renderer/features/desktop-download/slice';
import { makeFakes, run } from '../../../../helpers/saga-harness';

describe('desktop builds saga', () => {
  it('reads the builds from the server, and keeps the reason when it cannot', async () => {
    const fakes = makeFakes();
    const answer = { configured: false, builds: [], problems: [] };
    fakes.http.on(
      'GET',
      '/api/v1/desktop-builds',
      { ok: true, status: 200, data: answer },
      { ok: false, status: 0, message: 'Failed to fetch' },
    );
    const app = run(desktopBuildsSaga, [fakes.deps]);
    app.dispatch(desktopBuildsActions.requested());
    await new Promise((r) => setTimeout(r, 0));
    expect(app.state.desktopBuilds).toEqual({ status: 'loaded', answer });
    app.dispatch(desktopBuildsActions.requested());
    await new Promise((r) => setTimeout(r, 0));
    expect(app.state.desktopBuilds).toMatchObject({ status: 'failed', error: 'Failed to fetch' });
    app.task.cancel();
  });
});
