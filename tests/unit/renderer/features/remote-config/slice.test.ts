/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import {
  remoteConfigActions,
  remoteConfigReducer,
  initialRemoteConfigState,
} from '../../../../../src/renderer/features/remote-config/slice';

describe('remote config flags', () => {
  it('takes only the known flags, only as true or false', () => {
    const state = remoteConfigReducer(
      initialRemoteConfigState,
      remoteConfigActions.loaded({
        flags: { web_enable_sso: true, convo_v2: 'yes', other: true } as never,
        atMs: 5,
      }),
    );
    expect(state.flags).toEqual({
      web_enable_sso: true,
      theme_colors_v2: false,
      convo_v2: false,
      desktop_v2: false,
      web_use_webrtc: true,
    });
  });
});
