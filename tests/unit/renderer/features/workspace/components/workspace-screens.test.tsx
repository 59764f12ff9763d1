// @vitest-environment happy-dom
/**
 * The workspace screens as an admin uses them by keyboard and screen reader: the members list
 * (invite checked before it is sent, a removal or a hand-over asked twice), the vocabulary and
 * Scribe limit refused in the rules' words, the reporting figures in tables beside the charts,
 * and the layout telling a non-admin it is the admin's.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MembersPage } from '../../../../../../src/renderer/features/workspace/components/MembersPage';
import { ReportingPage } from '../../../../../../src/renderer/features/workspace/components/ReportingPage';
import { SettingsPage } from '../../../../../../src/renderer/features/workspace/components/SettingsPage';
import { WorkspaceLayout } from '../../../../../../src/renderer/features/workspace/components/WorkspaceLayout';
import {
  initialWorkspaceState,
  workspaceActions,
} from '../../../../../../src/renderer/features/workspace/slice';
import { WEEK_MS, weekStart } from '../../../../../../src/shared/usage-report';
import type { WorkspaceMember } from '../../../../../../src/shared/workspace';
import { profile } from '../../../../../helpers/account-sagas';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const admin = profile({
  avaId: 'ada',
  organizationId: 'org1',
  role: 'admin',
  orgProperties: { role: 'admin' },
});
const MEMBERS: WorkspaceMember[] = [
  {
    avaId: 'ada',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    role: 'admin',
    status: 'active',
    licensed: true,
  },
  { avaId: 'bob', email: 'bob@example.com', name: 'Bob', role: 'member', status: 'active', licensed: false },
  { email: 'carol@example.com', role: 'member', status: 'invited', licensed: false },
];

function members() {
  return renderApp(<MembersPage />, {
    profile: { status: 'ready', profile: admin },
    workspace: { members: { status: 'ready', data: MEMBERS } },
  });
}

describe('members', () => {
  it('lists members and invitations with their role and status, no actions on oneself', () => {
    members();
    const rows = screen.getAllByTestId('member-row');
    expect(rows.map((r) => within(r).getByTestId('member-role').textContent)).toEqual([
      'Admin',
      'Member',
      'Member',
    ]);
    expect(rows.map((r) => within(r).getByTestId('member-status').textContent)).toEqual([
      'Joined',
      'Joined',
      'Invited',
    ]);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(
      within(rows[2]!).getByRole('button', { name: 'Withdraw the invitation of carol@example.com' }),
    ).toBeTruthy();
  });

  it('refuses a bad address in the spec’s words before sending, then invites a good one', async () => {
    const { user, actions } = members();
    const field = screen.getByLabelText('Email address');
    await user.type(field, 'nope');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(screen.getByTestId('invite-error').textContent).toBe('This email is not valid');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(actions.some((a) => a.type === workspaceActions.inviteRequested.type)).toBe(false);
    await user.clear(field);
    await user.type(field, ' New@Example.com{Enter}');
    expect(actions).toContainEqual(
      workspaceActions.inviteRequested({ email: 'new@example.com', role: 'member' }),
    );
  });

  it('gives the invitation’s link to copy, saying whether it went out by email', () => {
    renderApp(<MembersPage />, {
      profile: { status: 'ready', profile: admin },
      workspace: {
        members: { status: 'ready', data: MEMBERS },
        forms: { ...initialWorkspaceState.forms, invite: { saving: false, saved: true } },
        lastInvite: {
          email: 'new@example.com',
          link: 'http://127.0.0.1:8787/web/signup?redirect=%2Faccount%2Fdashboard',
          delivery: 'no-mail-server',
        },
      },
    });
    const field = screen.getByLabelText(
      'Invitation for new@example.com: they accept it by signing in with this address. This server sends no email: give them the link.',
    ) as HTMLInputElement;
    expect(field.value).toBe('http://127.0.0.1:8787/web/signup?redirect=%2Faccount%2Fdashboard');
    expect(field.readOnly).toBe(true);
    expect(screen.getByTestId('invite-link').getAttribute('data-delivery')).toBe('no-mail-server');
  });

  it('asks before removing a member or handing over the admin role', async () => {
    const { user, actions, store } = members();
    const bob = screen.getAllByTestId('member-row')[1]!;
    await user.click(within(bob).getByRole('button', { name: 'Remove Bob' }));
    expect(
      within(bob).getByRole('group', { name: 'Remove Bob? Their licence comes back to you.' }),
    ).toBeTruthy();
    await user.click(within(bob).getByRole('button', { name: 'No' }));
    expect(actions.some((a) => a.type === workspaceActions.removeRequested.type)).toBe(false);
    await user.click(within(bob).getByRole('button', { name: 'Make Bob the admin' }));
    await user.click(within(bob).getByRole('button', { name: 'Yes' }));
    expect(actions).toContainEqual(workspaceActions.makeAdminRequested({ avaId: 'bob' }));
    // While that change is on its way, the row's buttons wait for it.
    expect(within(bob).getByRole('button', { name: 'Remove Bob' }).hasAttribute('disabled')).toBe(true);
    act(() => {
      store.dispatch(workspaceActions.formDone({ form: 'members', error: 'refused for the test' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('refused for the test');
    await user.click(within(bob).getByRole('button', { name: 'Remove Bob' }));
    await user.click(within(bob).getByRole('button', { name: 'Yes' }));
    expect(actions).toContainEqual(workspaceActions.removeRequested({ member: 'bob' }));
  });
});

describe('vocabulary and Scribe limit', () => {
  function settings() {
    return renderApp(<SettingsPage />, {
      profile: { status: 'ready', profile: admin },
      workspace: {
        settings: { status: 'ready', data: { vocabulary: ['Hearken'], scribeLimitMinutes: null } },
      },
    });
  }

  it('refuses a word too long and a limit that is not whole minutes, naming each field', async () => {
    const { user, actions } = settings();
    const words = screen.getByLabelText('Organization vocabulary');
    expect((words as HTMLTextAreaElement).value).toBe('Hearken');
    await user.type(words, `, ${'x'.repeat(41)}`);
    await user.type(screen.getByLabelText('Scribe limit (minutes per member per month)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByTestId('org-vocabulary-error').textContent).toBe('Too many characters.');
    expect(screen.getByTestId('org-scribe-limit-error').textContent).toMatch(/whole number of minutes/);
    expect(words.getAttribute('aria-describedby')).toBe('org-vocabulary-error');
    expect(actions.some((a) => a.type === workspaceActions.settingsRequested.type)).toBe(false);
  });

  it('sends the cleaned words and the limit', async () => {
    const { user, actions } = settings();
    const words = screen.getByLabelText('Organization vocabulary');
    await user.clear(words);
    await user.type(words, 'CART!, cart, sign_language');
    await user.type(screen.getByLabelText('Scribe limit (minutes per member per month)'), '45');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(actions).toContainEqual(
      workspaceActions.settingsRequested({ vocabulary: ['CART', 'signlanguage'], scribeLimitMinutes: 45 }),
    );
  });
});

describe('granting Scribe time (issue 30, item 4)', () => {
  function grant(extra: Record<string, unknown> = {}) {
    return renderApp(<SettingsPage />, {
      profile: { status: 'ready', profile: admin },
      workspace: {
        settings: { status: 'ready', data: { vocabulary: [], scribeLimitMinutes: null } },
        members: { status: 'ready', data: MEMBERS },
        ...extra,
      },
    });
  }

  it('offers the members who joined, and refuses minutes outside 1 to 600 in the field', async () => {
    const { user, actions } = grant();
    const choice = screen.getByLabelText('Member');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'Ada Lovelace', 'Bob']);
    await user.selectOptions(choice, 'bob');
    const minutes = screen.getByLabelText('Minutes to add (1 to 600)');
    await user.type(minutes, '601');
    await user.click(screen.getByRole('button', { name: 'Grant Scribe time' }));
    expect(screen.getByTestId('scribe-grant-minutes-error').textContent).toBe(
      'Grant a whole number of minutes from 1 to 600.',
    );
    expect(minutes.getAttribute('aria-describedby')).toBe('scribe-grant-minutes-error');
    expect(actions.some((a) => workspaceActions.scribeTimeRequested.match(a))).toBe(false);
    await user.clear(minutes);
    await user.type(minutes, '90');
    await user.click(screen.getByRole('button', { name: 'Grant Scribe time' }));
    expect(actions).toContainEqual(workspaceActions.scribeTimeRequested({ member: 'bob', minutes: 90 }));
  });

  it('says what was granted and what the member has now', () => {
    grant({
      forms: {
        invite: { saving: false, saved: false },
        members: { saving: false, saved: false },
        details: { saving: false, saved: false },
        settings: { saving: false, saved: false },
        scribeTime: { saving: false, saved: true },
      },
      lastGrant: { member: 'bob', minutes: 90, scribeTimeMs: 120 * 60_000 },
    });
    expect(screen.getByTestId('scribe-grant-done').textContent).toBe(
      'Granted 90 minutes to Bob: 120 minutes of Scribe time now.',
    );
  });
});

describe('reporting', () => {
  it('asks for the last 4 weeks and shows minutes per tier, per week and per member, in tables', () => {
    const now = Date.now();
    const toMs = weekStart(now) + WEEK_MS;
    const fromMs = toMs - 4 * WEEK_MS;
    const bob = { basicMs: 0, premiumMs: 90_000, scribeMs: 0, conversations: 1, words: 12 };
    const { actions } = renderApp(<ReportingPage />, {
      profile: { status: 'ready', profile: admin },
      workspace: {
        reporting: {
          status: 'ready',
          period: { fromMs, toMs },
          data: {
            organizationId: 'org1',
            fromMs,
            toMs,
            totals: bob,
            members: [{ avaId: 'bob', name: 'Bob', ...bob }],
            weeks: [{ weekStartMs: weekStart(now), ...bob }],
          },
        },
      },
    });
    expect(actions).toContainEqual(workspaceActions.reportRequested({ fromMs, toMs }));
    expect(screen.getByTestId('report-total-premium').textContent).toBe('1.5');
    const weeks = screen.getByRole('table', { name: 'Caption minutes per week, by caption quality' });
    expect(within(weeks).getAllByRole('row')).toHaveLength(5);
    const people = screen.getByRole('table', { name: 'Caption minutes per member, by caption quality' });
    const row = within(people).getByRole('row', { name: /Bob/ });
    expect(within(row).getByTestId('report-member-premium').textContent).toBe('1.5');
    expect(within(row).getByTestId('report-member-basic').textContent).toBe('0');
    // The charts say the same as the tables: screen readers read the tables.
    expect(screen.getByTestId('report-week-chart').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('report-member-chart').getAttribute('aria-hidden')).toBe('true');
    // A row per member: the member chart grows with them (at least 160 px); the week chart's is set by CSS.
    expect(screen.getByTestId('report-member-chart').style.height).toBe('160px');
    expect(screen.getByTestId('report-week-chart').style.height).toBe('');
  });
});

describe('the workspace layout', () => {
  it('tells a member the workspace is the admin’s, and shows an admin its sections', () => {
    renderApp(<WorkspaceLayout />, {
      profile: { status: 'ready', profile: profile({ organizationId: 'org1', role: 'member' }) },
    });
    expect(screen.getByTestId('workspace-not-admin').textContent).toMatch(/for your organization’s admin/);
    expect(screen.queryByRole('navigation')).toBeNull();
    cleanup();
    renderApp(<WorkspaceLayout />, { profile: { status: 'ready', profile: admin } });
    const nav = screen.getByRole('navigation', { name: 'Workspace sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Members', 'Organization', 'Payment and billing', 'Reporting', 'Vocabulary and Scribe']);
  });
});

describe('members who joined by name (issue 29 F-15)', () => {
  it('tells the admin who joined by naming the organisation, marked new until seen', async () => {
    const { user, actions, store } = renderApp(<MembersPage />, {
      profile: { status: 'ready', profile: admin },
      workspace: {
        members: {
          status: 'ready',
          data: [
            ...MEMBERS,
            {
              avaId: 'nat',
              name: 'Nat',
              role: 'member',
              status: 'active',
              licensed: false,
              joinedByName: true,
              newJoin: true,
              sinceMs: 5,
            },
          ],
        },
      },
    });
    expect(screen.getByTestId('joins-by-name').textContent).toContain(
      'Nat joined your organization by naming it',
    );
    expect(screen.getByTestId('member-new')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark as seen' }));
    expect(actions.at(-1)).toEqual({ type: 'workspace/joinsSeenRequested', payload: undefined });
    expect(screen.queryByTestId('joins-by-name')).toBeNull();
    expect(screen.queryByTestId('member-new')).toBeNull();
    expect(screen.getByTestId('member-joined-by-name')).toBeTruthy();
    expect(store.getState().workspace.members.data?.some((m) => m.newJoin)).toBe(false);
  });
});
