import { describe, expect, it } from 'vitest';
import { requestsToMain } from '../../../../../../src/renderer/features/desktop/sagas/requests-to-main';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { settingsActions } from '../../../../../../src/renderer/features/settings/slice';
import { makeFakes, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';

describe('requests from the page to main', () => {
  it('sends what the page asks, and the tray follows the interface language', async () => {
    const fakes = makeFakes();
    const { bridge, desktop } = fakeDesktop();
    const running = run(requestsToMain, [fakes.deps, desktop]);
    running.dispatch(desktopActions.windowMoveRequested({ dx: -10, dy: 0 }));
    running.dispatch(desktopActions.captionsCommandRequested('start'));
    running.dispatch(settingsActions.languageChanged('fr'));
    await settle();
    expect(bridge.invoked('window:moveBy')).toEqual([{ dx: -10, dy: 0 }]);
    expect(bridge.invoked('captions:command')).toEqual([{ action: 'start' }]);
    expect(bridge.invoked('desktop:updatePreferences')).toEqual([{ language: 'fr' }]);
  });
});
