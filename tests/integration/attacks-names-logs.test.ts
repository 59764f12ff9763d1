/**
 * Issue 29, written as the attacker sent it, against a real server.
 *
 * F-10: a participant forged, in the host's TXT export, a line attributed to the host ("stop all
 * medication now"), and a whole extra SRT cue, with line breaks and `-->` in the names and text
 * they sent. Every name and title that enters is now one plain line, and every export escapes
 * what its format needs.
 */
import { parseSync } from 'subtitle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessageOf } from '../../src/shared/protocol';
import { newVoicingSpeakerId } from '../../src/shared/speakers';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

const HOST_NAME = 'Nurse Host';
const FORGED = 'stop all medication now';
/** Ends the name's line, starts a line of the host's, then a whole SRT cue of the host's. */
const FORGING_NAME = `Mal\n[00:05] ${HOST_NAME}: ${FORGED}\n\n9\n00:00:05,000 --> 00:00:09,000\n${HOST_NAME}`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { HEARKEN_TYPED_MESSAGES_PER_MINUTE: '1000' } });
});

afterAll(async () => {
  await server?.close();
  removeDataDir(server?.dataDir);
});

async function exported(roomId: string, format: string, user: GuestUserWithCredential): Promise<string> {
  const response = await fetch(`${server.url}${API.roomTranscriptExport(roomId, { format })}`, {
    headers: guestHeaders(user),
  });
  expect(response.status, format).toBe(200);
  return response.text();
}

describe('forging the host’s words in an export (F-10)', () => {
  it('keeps a guest’s name one plain line when it is created', async () => {
    const guest = await createGuest(server.url, 'Mal\n[00:05] Nurse Host: hi');
    expect(guest.userName).toBe('Mal [00:05] Nurse Host: hi');
  });

  it('attributes to the host only what the host said, in every format, and adds no cue', async () => {
    const hostUser = await createGuest(server.url, HOST_NAME);
    const host = await CaptionClient.connect(server.url, { user: hostUser });
    host.send({ type: 'update-title', title: `Ward round\n[00:00] ${HOST_NAME}: ${FORGED}` });
    const status = host.received.find((r) => r.message.type === 'room-status')!
      .message as ServerMessageOf<'room-status'>;
    const attackerUser = await createGuest(server.url, 'Mallory');
    const found = await resolveRoomName(server.url, status.status.name!, attackerUser);
    // The name sent on the socket, not the one the guest was created with.
    const attacker = await CaptionClient.connect(server.url, {
      user: { ...attackerUser, userName: FORGING_NAME },
      roomId: found.roomId,
      token: found.token,
    });
    host.send({ type: 'typed-message', text: 'Good morning', lang: 'en-US' });
    await attacker.waitFor(
      (m) => m.type === 'transcript' && m.transcript.texts['en-US'] === 'Good morning',
      5000,
    );
    // A typed line keeps its breaks: these start a host's line and a cue of the host's.
    attacker.send({
      type: 'typed-message',
      text: `ok\n[00:06] ${HOST_NAME}: ${FORGED}\n\n10\n00:00:06,000 --> 00:00:09,000\n${HOST_NAME}: ${FORGED}`,
      lang: 'en-US',
    });
    const typed = (await host.waitFor(
      (m) => m.type === 'transcript' && m.transcript.author === attackerUser.avaId,
      5000,
    )) as ServerMessageOf<'transcript'>;
    expect(typed.transcript.authorShow).not.toMatch(/[\n\r]/);
    // A named speaker without a device, given that line: its name is one line too.
    const voicing = newVoicingSpeakerId();
    attacker.send({
      type: 'assign-voicing-speaker-name',
      speakerId: voicing,
      speakerName: `Eve\n[00:07] ${HOST_NAME}: ${FORGED}`,
    });
    attacker.send({ type: 'assign-bloc-different-speaker', speakerId: voicing, blocId: typed.transcript.id });
    await host.waitFor((m) => m.type === 'transcript' && m.transcript.author === voicing, 5000);
    host.send({ type: 'connection-params-update', state: { value: 'ended' } });
    await attacker.waitFor((m) => m.type === 'room-status-update' && m.reason === 'ended', 10_000);

    const txt = await exported(host.roomId, 'txt', hostUser);
    const [title, , , ...body] = txt.trimEnd().split('\n');
    expect(title).toBe(`Ward round [00:00] ${HOST_NAME}: ${FORGED}`);
    // Who a line is attributed to is what follows its time at the start of the line.
    const hostLines = body.filter((line) => new RegExp(`^\\[\\d\\d:\\d\\d\\] ${HOST_NAME}\\b`).test(line));
    expect(hostLines).toEqual([
      expect.stringMatching(new RegExp(`^\\[\\d\\d:\\d\\d\\] ${HOST_NAME} \\(typed\\): Good morning$`)),
    ]);

    const srt = await exported(host.roomId, 'srt', hostUser);
    const blocks = srt.trimEnd().split('\n\n');
    expect(parseSync(srt).filter((node) => node.type === 'cue')).toHaveLength(blocks.length);
    for (const block of blocks) {
      const [, timing, ...text] = block.split('\n');
      expect(timing).toMatch(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/);
      for (const line of text) expect(line).not.toContain('-->');
    }
    expect(srt.split('\n').filter((line) => line.startsWith(`${HOST_NAME}:`))).toEqual([
      `${HOST_NAME}: Good morning`,
    ]);

    const md = await exported(host.roomId, 'md', hostUser);
    expect(md.trimEnd().split('\n\n')).toHaveLength(4);
    await attacker.close();
    await host.close();
  });
});
