// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScribePanel } from '../../../../../../src/renderer/features/scribes/components/ScribePanel';
import { scribeActions } from '../../../../../../src/renderer/features/scribes/slice';
import type { ScribeEligibility } from '../../../../../../src/shared/scribe/time';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const status = makeStatus();
const host = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };

function panel(eligibility?: ScribeEligibility) {
  return renderApp(<ScribePanel />, inRoom(status, host, eligibility ? { scribe: { eligibility } } : {}));
}

describe('the Scribe request button (issue 30, item 4)', () => {
  it('asks the server whether the host may ask, as soon as it is shown', () => {
    const { actions } = panel();
    expect(actions.some((a) => scribeActions.eligibilityRequested.match(a))).toBe(true);
  });

  it('says before it is pressed that Scribes are for members of an organisation, and does nothing', async () => {
    const { user } = panel({ canRequest: false, refusal: 'organizations-only' });
    const button = screen.getByRole('button', { name: 'Request a Scribe' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe('Scribes are for signed-in members of an organization.');
    await user.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when no Scribe time is left, and links an account to buying it in a new tab', () => {
    const account = { kind: 'account' as const, avaId: 'host1', userName: 'Hana Host', token: 't' };
    renderApp(
      <ScribePanel />,
      inRoom(status, account, {
        scribe: { eligibility: { canRequest: false, refusal: 'no-scribe-credit' } },
      }),
    );
    const button = screen.getByRole('button', { name: 'Request a Scribe' });
    const reason = document.getElementById(button.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toContain('No Scribe time left — ask your admin or buy time');
    const buy = screen.getByRole('link', { name: 'Buy Scribe time (opens in a new tab)' });
    expect(buy.getAttribute('href')).toBe('/account/scribe-time');
    expect(buy.getAttribute('target')).toBe('_blank');
  });

  it('opens the request when the host may ask', async () => {
    const { user } = panel({ canRequest: true });
    const button = screen.getByRole('button', { name: 'Request a Scribe' });
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(button.getAttribute('aria-describedby')).toBeNull();
    await user.click(button);
    expect(await screen.findByRole('dialog')).toBeDefined();
  });
});
