// @vitest-environment happy-dom
/**
 * The speaker identification beta switch says whether the server can do it: without a speaker
 * model installed there, the switch is described by a note saying so (screen readers hear it
 * with the switch), and with one, what turning it on does.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GeneralSettings } from '../../../../../../src/renderer/features/account-settings/components/GeneralSettings';
import { profileActions } from '../../../../../../src/renderer/features/account-profile/slice';
import { profile } from '../../../../../helpers/account-sagas';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

function show(available: boolean | undefined, on = false) {
  return renderApp(<GeneralSettings />, {
    profile: { status: 'ready', profile: profile({ features: { 'solo-speaker-id': on } }) },
    settings: { speakerIdentificationAvailable: available },
  });
}

describe('the speaker identification beta switch', () => {
  it('says clearly, with the switch, that the server has no speaker model', () => {
    show(false, true);
    const toggle = screen.getByLabelText('Speaker identification');
    expect(toggle).toHaveProperty('checked', true);
    expect(toggle.getAttribute('aria-describedby')).toBe('beta-solo_speaker_id-note');
    expect(document.getElementById('beta-solo_speaker_id-note')?.textContent).toMatch(
      /^Not available on this server: no speaker model is installed/,
    );
  });

  it('says what it does when the server can identify speakers, and toggles the beta', async () => {
    const { user, actions } = show(true);
    const toggle = screen.getByLabelText('Speaker identification');
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /Speaker 1, Speaker 2, … which anyone in the conversation can rename/,
    );
    await user.click(toggle);
    expect(actions).toContainEqual(profileActions.betaToggled({ name: 'solo_speaker_id', enabled: true }));
  });

  it('says nothing before the server answered, and nothing beside the other betas', () => {
    show(undefined);
    expect(screen.getByLabelText('Speaker identification').getAttribute('aria-describedby')).toBeNull();
    expect(document.querySelectorAll('[id^="beta-"][id$="-note"]')).toHaveLength(0);
  });

  it('offers no switch that changes nothing (desktop_v2, convo_v2)', () => {
    show(true);
    const switches = [...document.querySelectorAll('[data-testid^="beta-"]')];
    expect(switches.map((s) => s.getAttribute('data-testid'))).toEqual(['beta-solo_speaker_id']);
  });
});
