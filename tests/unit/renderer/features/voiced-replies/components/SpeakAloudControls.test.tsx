// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpeakAloudControls } from '../../../../../../src/renderer/features/voiced-replies/components/SpeakAloudControls';
import { VoicedReplyStatus } from '../../../../../../src/renderer/features/voiced-replies/components/VoicedReplyStatus';
import { voicedRepliesActions } from '../../../../../../src/renderer/features/voiced-replies/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('SpeakAloudControls', () => {
  it('is a labelled switch reached by keyboard; on, it offers the six voices by name', async () => {
    const { user, actions } = renderApp(<SpeakAloudControls />);
    expect(actions.some(voicedRepliesActions.voicesRequested.match)).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Voice' })).toBeNull();
    await user.tab();
    const toggle = screen.getByRole('checkbox', { name: 'Speak aloud' });
    expect(document.activeElement).toBe(toggle);
    await user.keyboard(' ');
    expect(actions.filter(voicedRepliesActions.speakAloudChanged.match).at(-1)?.payload).toBe(true);
    const select = screen.getByRole('combobox', { name: 'Voice' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'Alloy: neutral and even',
      'Echo: warm and low',
      'Fable: expressive, a storyteller',
      'Nova: bright and friendly',
      'Onyx: deep and calm',
      'Shimmer: soft and clear',
    ]);
    // The spec's default voice until one is chosen.
    expect(select.value).toBe('openai-echo');
    await user.selectOptions(select, 'openai-nova');
    expect(actions.filter(voicedRepliesActions.voiceChosen.match).at(-1)?.payload).toBe('openai-nova');
    expect(select.value).toBe('openai-nova');
  });
});

describe('VoicedReplyStatus', () => {
  it('says the microphone is muted while the voice speaks, and announces an error', () => {
    const { store } = renderApp(<VoicedReplyStatus />);
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => void store.dispatch(voicedRepliesActions.started('r1')));
    expect(screen.getByRole('status').textContent).toContain('Your microphone is muted');
    act(() => void store.dispatch(voicedRepliesActions.playing('r1')));
    expect(screen.getByRole('status').textContent).toContain('Speaking aloud');
    act(() => void store.dispatch(voicedRepliesActions.failed('the voice did not arrive in time')));
    expect(screen.getByRole('alert').textContent).toBe(
      'The reply could not be spoken: the voice did not arrive in time',
    );
  });
});
