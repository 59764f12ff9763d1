import { describe, expect, it } from 'vitest';
import type { RootState } from '../../../../../../src/renderer/app/root-reducer';
import { watchOutputDevice } from '../../../../../../src/renderer/features/desktop/sagas/output-device';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { DEFAULT_PREFERENCES } from '../../../../../../src/shared/desktop-preferences';
import { makeFakes, run, settle } from '../../../../../helpers/saga-harness';
import { fakeDesktop } from '../../../../../helpers/desktop-fakes';
import { initial, types, restoreTimersAfterEach } from '../../../../../helpers/desktop-saga';

restoreTimersAfterEach();

describe('output device change during internal-audio recording', () => {
  const outputs = (label: string) => [
    { deviceId: 'default', kind: 'audiooutput', label: `Default - ${label}`, groupId: 'g' },
  ];
  const recordingInternal = (source: 'internal' | 'microphone') => ({
    audio: { ...initial.audio, recording: 'RECORDING' as const },
    desktop: {
      ...initial.desktop,
      config: {
        preferences: { ...DEFAULT_PREFERENCES, audioSource: source },
        appVersion: '2.2.0',
        platform: 'win32' as const,
      },
    },
  });

  it('stops with a warning when the output changes to another device', async () => {
    const fakes = makeFakes();
    const { desktop, state } = fakeDesktop();
    state.outputs = outputs('Speakers (Realtek)');
    const running = run(
      watchOutputDevice,
      [fakes.deps, desktop],
      recordingInternal('internal') as Partial<RootState>,
    );
    await settle();
    state.outputs = outputs('Headphones (USB)');
    fakes.audio.fireDeviceChange();
    await settle();
    expect(types(running.actions)).toContain(audioActions.stopRequested.type);
    expect(running.state.notifications.items.map((n) => n.key)).toContain('desktop.outputChanged');
  });

  it('keeps recording when the output becomes the Hearken virtual speaker, or when only the microphone records', async () => {
    for (const [source, label] of [
      ['internal', 'Hearken Virtual Speaker'],
      ['microphone', 'Headphones (USB)'],
    ] as const) {
      const fakes = makeFakes();
      const { desktop, state } = fakeDesktop();
      state.outputs = outputs('Speakers (Realtek)');
      const running = run(
        watchOutputDevice,
        [fakes.deps, desktop],
        recordingInternal(source) as Partial<RootState>,
      );
      await settle();
      state.outputs = outputs(label);
      fakes.audio.fireDeviceChange();
      await settle();
      expect(types(running.actions), `${source} ${label}`).not.toContain(audioActions.stopRequested.type);
    }
  });
});
