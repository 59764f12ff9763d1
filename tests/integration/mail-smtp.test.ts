/**
 * Mail that is really sent (issue 28), through the real server, the Auth emulator and a real SMTP
 * server that requires a password: an organisation's invitation, a licence sent as a link and an
 * invitation to a conversation arrive at the right address with a link that works; a mail server
 * that refuses the login or is gone leaves the invitation saved and gives the caller the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import { BUSINESS_API } from '../../src/shared/business-api';
import { randomId } from '../../src/shared/ids';
import type { Licence } from '../../src/shared/licences';
import type { ServerMessage } from '../../src/shared/protocol';
import type { WorkspaceMembersResponse } from '../../src/shared/workspace';
import { CaptionClient } from '../../scripts/lib/socket-client';
import { EmulatorClient } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { type Person, organizationPeople } from '../helpers/organization-people';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { type SmtpPeer, startSmtpPeer } from '../helpers/smtp-peer';

let emulator: SharedAuthEmulator;
let smtp: SmtpPeer;
let server: TestServer;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const orgName = `Post Room ${tag}`;
const clients: CaptionClient[] = [];
let admin: Person;

const { call, person, emailOf } = organizationPeople(
  () => server.url,
  () => new EmulatorClient(emulator.url, emulator.projectId),
  tag,
);

beforeAll(async () => {
  emulator = await sharedAuthEmulator();
  smtp = await startSmtpPeer();
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      HEARKEN_SMTP_URL: smtp.url,
      HEARKEN_MAIL_FROM: 'Hearken Test <captions@example.org>',
    },
  });
  admin = await person('admin');
  const created = await call(admin, BUSINESS_API.organization, 'POST', {
    type: 'hr',
    name: orgName,
    role: 'admin',
    size: '11-50',
  });
  expect(created.status).toBe(201);
}, 120_000);

afterAll(async () => {
  for (const c of clients) await c.close();
  await server?.close();
  await smtp?.close();
  removeDataDir(dataDir);
});

async function invitedEmails(): Promise<string[]> {
  const answer = await call(admin, BUSINESS_API.workspaceMembers);
  expect(answer.status).toBe(200);
  return (answer.body as WorkspaceMembersResponse).members
    .filter((m) => m.status === 'invited')
    .map((m) => m.email ?? '');
}

describe('mail over SMTP', () => {
  it('emails an invitation to an organisation, whose link leads to signing in with that address', async () => {
    const email = emailOf('vic');
    const invited = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email });
    expect(invited.status).toBe(201);
    const { link, delivery } = invited.body as { link: string; delivery: string };
    expect(delivery).toBe('mailed');
    expect(link).toBe(`${server.url}/web/signup?redirect=%2Faccount%2Fdashboard`);

    const mail = await smtp.mailTo(email);
    expect(mail.from).toBe('"Hearken Test" <captions@example.org>');
    expect(mail.subject).toBe(`admin invited you to ${orgName} on Hearken`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    // The page the link opens is served.
    expect((await fetch(link)).status).toBeLessThan(500);
    // Signing in with that address shows the invitation the mail spoke of.
    const vic = await person('vic');
    expect((await call(vic, BUSINESS_API.myInvitations)).body).toMatchObject({
      invitations: [expect.objectContaining({ organizationName: orgName })],
    });
  });

  it('emails a licence sent as a link, which attaches when its recipient signs in', async () => {
    const bought = await call(admin, BUSINESS_API.licences, 'POST', { interval: 'month', count: 1 });
    expect(bought.status).toBe(200);
    const paid = await fetch((bought.body as { url: string }).url, {
      method: 'POST',
      body: new URLSearchParams({ terms: 'accepted' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const list = (await call(admin, BUSINESS_API.licences)).body as { licences: Licence[] };
    const free = list.licences.find((l) => !l.trial && !l.assignedEmail && !l.recipient)!;
    expect(free).toBeDefined();

    const email = emailOf('carol');
    const sent = await call(admin, BUSINESS_API.magicLink, 'POST', { licenceId: free.id, recipient: email });
    expect(sent.status).toBe(200);
    const { link, delivery } = sent.body as { link: string; delivery: string };
    expect(delivery).toBe('mailed');
    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe(`${orgName} sent you a Hearken licence`);
    expect(mail.text).toContain(`Claim your licence: ${link}`);

    const carol = await person('carol');
    expect(carol.profile).toMatchObject({ subscription: { ongoingSubscription: 'Pro' } });
  });

  it('emails the conversation’s link to someone invited while they have no conversation open', async () => {
    const host = await person('host');
    const guestOfHonour = await person('dana');
    const findable = await call(guestOfHonour, `${API.usersMe}?channel=web-v2`, 'PATCH', {
      settings: { findable: true },
    });
    expect(findable.status).toBe(200);
    const room = await CaptionClient.connect(server.url, {
      user: { avaId: host.profile.avaId, userName: 'Hostia' },
      identityToken: host.token,
    });
    clients.push(room);
    room.send({ type: 'update-title', title: 'Budget review' });
    const from = room.received.length;
    room.send({
      type: 'connection-request',
      fromSource: 'name',
      id: 'askDana',
      to: guestOfHonour.profile.avaId,
      role: 'participant',
    });
    const answer = await room.waitFor(
      (m: ServerMessage) =>
        (m.type === 'connection-response' && 'to' in m && m.id === 'askDana') ||
        (m.type === 'error' && m.inReplyTo === 'connection-request'),
      15_000,
      from,
    );
    expect(answer).toEqual({
      type: 'connection-response',
      id: 'askDana',
      to: guestOfHonour.profile.avaId,
      status: 'requested',
      mailed: true,
    });
    // The host is never told the address it went to.
    expect(JSON.stringify(room.received.map((r) => r.message))).not.toContain(guestOfHonour.email);

    const mail = await smtp.mailTo(guestOfHonour.email);
    expect(mail.subject).toBe('Hostia invited you to the conversation “Budget review”');
    const link = /https?:\/\/\S+\/web\/conversations\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    // The link lets them in, writing: it is the room's read-write link.
    const token = new URL(link!).searchParams.get('token')!;
    const joined = await CaptionClient.connect(server.url, {
      user: { avaId: guestOfHonour.profile.avaId, userName: 'Dana' },
      identityToken: guestOfHonour.token,
      roomId: room.roomId,
      token,
    });
    clients.push(joined);
    const succeeded = joined.received.find((r) => r.message.type === 'connection-succeeded')?.message;
    expect(succeeded).toMatchObject({ roomId: room.roomId, readonly: false });
  });

  it('keeps the invitation and gives the link when the mail server refuses the login', async () => {
    smtp.refuseLogins = true;
    try {
      const email = emailOf('wanda');
      const before = smtp.received.length;
      const invited = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({ status: 'invited', delivery: 'failed' });
      expect((invited.body as { link: string }).link).toContain('/web/signup');
      expect(smtp.received.length).toBe(before);
      expect(await invitedEmails()).toContain(email);
    } finally {
      smtp.refuseLogins = false;
    }
  });

  it('keeps the invitation and gives the link, at once, when the mail server is gone', async () => {
    await smtp.close();
    const email = emailOf('xavier');
    const started = Date.now();
    const invited = await call(admin, BUSINESS_API.workspaceMembers, 'POST', { email });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ status: 'invited', delivery: 'failed' });
    // A refused connection is known at once: nobody waits for a timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await invitedEmails()).toContain(email);
  });
});
