// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BoostSwitch } from '../../../../../../src/renderer/features/boost/components/BoostSwitch';
import { boostActions } from '../../../../../../src/renderer/features/boost/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

describe('BoostSwitch', () => {
  it('is not shown before the server sent the list', () => {
    renderApp(<BoostSwitch />);
    expect(screen.queryByTestId('boost-switch')).toBeNull();
  });

  it('says how many words the list holds, and turns boosting off by keyboard', async () => {
    const { user, actions } = renderApp(<BoostSwitch />, {
      boost: { loaded: true, enabled: true, words: ['helstone', 'kine'] },
    });
    const toggle = screen.getByRole('checkbox', { name: 'Boost my words' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText('Recognition of your voice favours the 2 words of your boost list.'),
    ).toBeDefined();
    toggle.focus();
    await user.keyboard(' ');
    expect(actions.filter((a) => a.type === boostActions.switchRequested.type)).toEqual([
      boostActions.switchRequested(false),
    ]);
  });

  it('says the list is in use while the room’s status names me among those boosted', () => {
    const me = { kind: 'guest' as const, avaId: 'me1', userName: 'Mia' };
    const boost = { loaded: true, enabled: true, words: ['helstone'] };
    renderApp(<BoostSwitch />, inRoom(makeStatus({ boost: { avaIds: ['me1'] } }), me, { boost }));
    expect(screen.getByText(/In use in this recording\./)).toBeDefined();
    cleanup();
    renderApp(<BoostSwitch />, inRoom(makeStatus({ boost: { avaIds: ['someone-else'] } }), me, { boost }));
    expect(screen.queryByText(/In use in this recording/)).toBeNull();
  });

  it('tells an empty list what fills it', () => {
    renderApp(<BoostSwitch />, { boost: { loaded: true, enabled: true, words: [] } });
    expect(screen.getByText(/Your boost list is empty/)).toBeDefined();
  });

  it('a plan without boost shows it off, disabled, and says an upgrade is needed', () => {
    renderApp(<BoostSwitch />, {
      boost: { loaded: true, enabled: true, words: ['helstone'], upgradeRequired: true },
    });
    const toggle = screen.getByRole('checkbox', { name: 'Boost my words' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(true);
    expect(screen.getByText('Vocabulary Boost requires upgrade')).toBeDefined();
  });
});
