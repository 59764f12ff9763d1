/**
 * The workspace's calls: each screen's part loaded on request, an invitation refused in the
 * server's words or followed by the members' reload, the admin role handed over (the profile read
 * again: the person is a member now), and the reporting CSV fetched with the admin's credentials.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceSaga } from '../../../../../src/renderer/features/workspace/sagas';
import { workspaceActions } from '../../../../../src/renderer/features/workspace/slice';
import type { FakeFiles } from '../../../../helpers/saga-harness';
import { API } from '../../../../../src/shared/api';
import { identityAuthorization } from '../../../../../src/shared/auth';
import { BUSINESS_API } from '../../../../../src/shared/business-api';
import { ORGANIZATION_ERRORS } from '../../../../../src/shared/organizations';
import { WORKSPACE_ERRORS, type WorkspaceMember } from '../../../../../src/shared/workspace';
import { makeSignedInAuth, profile } from '../../../../helpers/account-sagas';
import { type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const flush = () => new Promise((r) => setTimeout(r, 0));
const ok = <T>(data: T) => ({ ok: true as const, status: 200, data });
const refused = (status: number, code: string, message: string) => ({
  ok: false as const,
  status,
  code,
  message,
});
const bob: WorkspaceMember = {
  avaId: 'bob',
  email: 'bob@example.com',
  role: 'member',
  status: 'active',
  licensed: false,
};

describe('workspace saga', () => {
  let fakes: Fakes;
  let app: Running;

  function start() {
    fakes = makeFakes();
    app = run(workspaceSaga, [fakes.deps], {
      auth: { ...makeSignedInAuth(), token: 'tok', tokenFetchedAtMs: Date.now() },
    });
  }
  afterEach(() => app.task.cancel());

  it('loads the members, and says why when it cannot', async () => {
    start();
    fakes.http.on(
      'GET',
      BUSINESS_API.workspaceMembers,
      ok({ members: [bob] }),
      refused(403, 'forbidden', 'No.'),
    );
    app.dispatch(workspaceActions.loadRequested('members'));
    await flush();
    expect(app.state.workspace.members).toEqual({ status: 'ready', data: [bob] });
    app.dispatch(workspaceActions.loadRequested('members'));
    await flush();
    expect(app.state.workspace.members).toMatchObject({ status: 'failed', error: 'No.', data: [bob] });
  });

  it('invites, then reloads the members; a refusal stays in the form', async () => {
    start();
    fakes.http.on(
      'POST',
      BUSINESS_API.workspaceMembers,
      refused(409, 'alreadyInvited', WORKSPACE_ERRORS.alreadyInvited),
      ok({ status: 'invited', link: 'http://127.0.0.1:8787/web/signup', delivery: 'failed' }),
    );
    fakes.http.on('GET', BUSINESS_API.workspaceMembers, ok({ members: [bob] }));
    app.dispatch(workspaceActions.inviteRequested({ email: 'c@example.com', role: 'member' }));
    await flush();
    expect(app.state.workspace.forms.invite).toEqual({
      saving: false,
      saved: false,
      error: WORKSPACE_ERRORS.alreadyInvited,
    });
    expect(fakes.http.callsTo('GET', BUSINESS_API.workspaceMembers)).toHaveLength(0);
    app.dispatch(workspaceActions.inviteRequested({ email: 'c@example.com', role: 'member' }));
    await flush();
    await flush();
    expect(fakes.http.callsTo('POST', BUSINESS_API.workspaceMembers).at(-1)?.body).toEqual({
      email: 'c@example.com',
      role: 'member',
    });
    expect(app.state.workspace.forms.invite).toEqual({ saving: false, saved: true });
    // The link to pass on when the email did not go out.
    expect(app.state.workspace.lastInvite).toEqual({
      email: 'c@example.com',
      link: 'http://127.0.0.1:8787/web/signup',
      delivery: 'failed',
    });
    expect(fakes.http.callsTo('GET', BUSINESS_API.workspaceMembers)).toHaveLength(1);
  });

  it('hands the admin role over and reads the profile again', async () => {
    start();
    fakes.http.on('PATCH', BUSINESS_API.workspaceMember('bob'), ok({ role: 'admin' }));
    fakes.http.on('GET', API.usersMe, ok(profile({ role: 'member', organizationId: 'o1' })));
    app.dispatch(workspaceActions.makeAdminRequested({ avaId: 'bob' }));
    expect(app.state.workspace.busyMember).toBe('bob');
    await flush();
    await flush();
    expect(fakes.http.callsTo('PATCH', BUSINESS_API.workspaceMember('bob'))[0]?.body).toEqual({
      role: 'admin',
    });
    expect(app.state.profile.profile?.role).toBe('member');
    expect(app.state.workspace.busyMember).toBeUndefined();
  });

  it('words a taken name as the spec does', async () => {
    start();
    fakes.http.on(
      'PATCH',
      BUSINESS_API.workspaceOrganization,
      refused(409, 'nameAlreadyUse', 'server words'),
    );
    app.dispatch(workspaceActions.detailsRequested({ name: 'Taken Name' }));
    await flush();
    expect(app.state.workspace.forms.details.error).toBe(ORGANIZATION_ERRORS.nameAlreadyUse);
  });

  it('downloads the CSV of the period with the admin’s credentials', async () => {
    start();
    const files = fakes.deps.files as FakeFiles;
    const file = { blob: new Blob(['section\\r\\n']), fileName: 'hearken-usage.csv' };
    files.answer = { ok: true, status: 200, data: file };
    app.dispatch(workspaceActions.csvRequested({ fromMs: 0, toMs: 1000 }));
    await flush();
    expect(files.requests).toEqual([
      {
        path: BUSINESS_API.workspaceReporting(0, 1000, 'csv'),
        headers: { Authorization: identityAuthorization('tok') },
      },
    ]);
    expect(files.saved).toEqual([file]);
  });
});
