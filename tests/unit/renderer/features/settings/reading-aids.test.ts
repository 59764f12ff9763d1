/** The reading-aid settings: the curse filter level and keyword emphasis, kept like the others. */
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../../src/shared/constants';
import { settingsSaga } from '../../../../../src/renderer/features/settings/sagas';
import {
  initialSettingsState,
  loadSettings,
  settingsActions,
  settingsReducer,
} from '../../../../../src/renderer/features/settings/slice';
import { memoryStorage } from '../../../../../src/renderer/lib/storage';
import { FakeSocket, makeFakes, run, settle } from '../../../../helpers/saga-harness';

describe('reading-aid settings', () => {
  it('start with the spec’s curse filter (2) and emphasis off, and read saved ones back', () => {
    expect(initialSettingsState).toMatchObject({ curseFilter: 2, keywordEmphasis: false });
    expect(loadSettings(memoryStorage({}))).toMatchObject({ curseFilter: 2, keywordEmphasis: false });
    expect(
      loadSettings(
        memoryStorage({ [STORAGE_KEYS.curseFilter]: '0', [STORAGE_KEYS.keywordEmphasis]: 'true' }),
      ),
    ).toMatchObject({ curseFilter: 0, keywordEmphasis: true });
    for (const bad of ['4', '-1', '1.5', 'strict', ''])
      expect(loadSettings(memoryStorage({ [STORAGE_KEYS.curseFilter]: bad })).curseFilter).toBe(2);
  });

  it('takes only the levels there are', () => {
    expect(settingsReducer(initialSettingsState, settingsActions.curseFilterChanged(3)).curseFilter).toBe(3);
    expect(settingsReducer(initialSettingsState, settingsActions.curseFilterChanged(9)).curseFilter).toBe(2);
  });

  it('saves a change and tells the server when in a conversation', async () => {
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    const app = run(settingsSaga, [fakes.deps]);
    app.dispatch(settingsActions.curseFilterChanged(0));
    app.dispatch(settingsActions.keywordEmphasisChanged(true));
    await settle();
    expect(fakes.storage.get(STORAGE_KEYS.curseFilter)).toBe('0');
    expect(fakes.storage.get(STORAGE_KEYS.keywordEmphasis)).toBe('true');
    expect(socket.sent).toEqual([{ type: 'set-curse-filter', level: 0 }]);
  });
});
