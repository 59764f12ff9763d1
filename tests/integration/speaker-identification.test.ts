/**
 * Speaker identification end to end (issue 11, beta solo_speaker_id): an account turns the beta
 * on, joins a room on a server whose models folder holds the generated tiny speaker model, and
 * streams real speech of two voices, one after the other, through one microphone; a listener sees
 * the lines given to Speaker 1 then Speaker 2 (named speakers of the room). A server without a
 * model says so in its config, and the same person's lines stay theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ServerConfigResponse } from '../../src/shared/api';
import type { Transcript } from '../../src/shared/entities';
import type { ServerMessageOf } from '../../src/shared/protocol';
import type { UserProfile } from '../../src/shared/user';
import { streamSpeakerId } from '../../src/server/rooms/speakers';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import type { SharedAuthEmulator } from '../setup/auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { speak } from '../helpers/speak';
import { devSamples } from '../helpers/speech';
import { tinySpeakerModel } from '../helpers/tiny-speaker-model';

let emulator: SharedAuthEmulator;
let client: EmulatorClient;
const servers: TestServer[] = [];
const clients: CaptionClient[] = [];

beforeAll(async () => {
  // The run's shared emulator (tests/setup/auth-emulator.ts): this file's accounts are its own.
  emulator = await sharedAuthEmulator();
  client = new EmulatorClient(emulator.url, emulator.projectId);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  for (const s of servers) {
    await s.close();
    removeDataDir(s.dataDir);
  }
});

async function server(modelsDir: string): Promise<TestServer> {
  const started = await startTestServer({
    dataDir: tempDataDir(),
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      HEARKEN_MODELS_DIR: modelsDir,
    },
  });
  servers.push(started);
  return started;
}

/** An account with a profile, the beta turned on or off, in a room of its own. */
async function account(s: TestServer, email: string, beta: boolean) {
  const user = await client.verifiedUser(email);
  const created = await api(s.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: user.idToken,
    body: {},
  });
  const profile = created.body as UserProfile;
  const enrolled = await api(s.url, `${API.enrollBetaFeature}?platform=web`, {
    method: 'PATCH',
    token: user.idToken,
    body: { beta_feature_name: 'solo_speaker_id', enable_feature: beta },
  });
  expect(enrolled.body).toEqual({ flags: { 'solo-speaker-id': beta } });
  const mic = await CaptionClient.connect(s.url, {
    user: { avaId: profile.avaId, userName: 'Ada' },
    identityToken: user.idToken,
  });
  clients.push(mic);
  // Someone else in the room, joined by the room's name as a person would.
  const guest = await createGuest(s.url, 'Bo Listener');
  const status = mic.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  const found = await resolveRoomName(s.url, status.status.name!, guest);
  const listener = await CaptionClient.connect(s.url, {
    user: guest,
    roomId: found.roomId,
    token: found.token,
  });
  clients.push(listener);
  return { profile, mic, listener };
}

function finalsOf(listener: CaptionClient): Transcript[] {
  const byId = new Map<string, Transcript>();
  for (const { message } of listener.received)
    if (message.type === 'transcript' && message.transcript.isFinal && message.transcript.texts['en-US'])
      byId.set(message.transcript.id, message.transcript);
  return [...byId.values()].sort((a, b) => a.index - b.index);
}

// LibriSpeech test-other: speaker 1688 (a man) then speaker 1998 (a woman), one microphone.
const MAN = '1688-142285-0000.wav';
const WOMAN = '1998-15444-0000.wav';

function twoVoices(): { samples: Int16Array; womanFromMs: number } {
  const man = devSamples(MAN);
  const woman = devSamples(WOMAN);
  const pause = new Int16Array(16_000);
  const samples = new Int16Array(man.length + pause.length + woman.length);
  samples.set(man, 0);
  samples.set(woman, man.length + pause.length);
  return { samples, womanFromMs: ((man.length + pause.length) / 16_000) * 1000 };
}

describe('speaker identification', () => {
  it('tells two voices on one microphone apart: Speaker 1, then Speaker 2, named speakers of the room', async () => {
    const model = tinySpeakerModel();
    const s = await server(model.modelsDir);
    const config = (await api(s.url, API.config)).body as ServerConfigResponse;
    expect(config.speech.speakerIdentification).toEqual({ available: true });
    const { profile, mic, listener } = await account(s, 'two-voices@example.com', true);
    const { samples, womanFromMs } = twoVoices();
    await speak(mic, samples, { speed: 3 });
    await listener.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-stopped',
      20_000,
    );
    const lines = finalsOf(listener);
    const manLines = lines.filter((l) => l.t0 + 1000 < womanFromMs);
    const womanLines = lines.filter((l) => l.t0 >= womanFromMs);
    expect(manLines.length).toBeGreaterThan(0);
    expect(womanLines.length).toBeGreaterThan(0);
    // Every line is the person's device's, shown as an identified voice.
    expect(lines.every((l) => l.sourceAuthor === profile.avaId && /^Speaker \d+$/.test(l.authorShow))).toBe(
      true,
    );
    expect(manLines[0]!.authorShow).toBe('Speaker 1');
    expect(manLines[0]!.author).toBe(streamSpeakerId(profile.avaId, 'Speaker 1'));
    // Most of each voice's lines go to its own speaker (the tiny model is crude; the wiring is what is tested).
    const share = (ls: Transcript[], name: string) =>
      ls.filter((l) => l.authorShow === name).length / ls.length;
    expect(share(manLines, 'Speaker 1')).toBeGreaterThanOrEqual(0.5);
    expect(share(womanLines, 'Speaker 2')).toBeGreaterThanOrEqual(0.5);
    const status = [...listener.received]
      .reverse()
      .find((r) => r.message.type === 'room-status-update')!.message;
    expect(status.type === 'room-status-update' && status.status.speakers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userName: 'Speaker 1', isSoloDiaSpeaker: true }),
        expect.objectContaining({ userName: 'Speaker 2', isSoloDiaSpeaker: true }),
      ]),
    );
    // Voices told apart on Ada's microphone may be Ada (possiblyMyself), in her status only.
    const lastSpeakers = (client: CaptionClient) =>
      [...client.received]
        .reverse()
        .map((r) => r.message)
        .find((m) => m.type === 'room-status-update')!;
    const possibly = (client: CaptionClient) => {
      const m = lastSpeakers(client);
      return m.type === 'room-status-update'
        ? m.status.speakers.filter((sp) => sp.possiblyMyself).map((sp) => sp.userName)
        : [];
    };
    expect(possibly(mic).sort()).toEqual(['Speaker 1', 'Speaker 2']);
    expect(possibly(listener)).toEqual([]);
  });

  it('without a model the server says it is unavailable, and the lines stay the person’s', async () => {
    const s = await server(tempDataDir());
    const config = (await api(s.url, API.config)).body as ServerConfigResponse;
    expect(config.speech.speakerIdentification).toEqual({ available: false });
    const { profile, mic, listener } = await account(s, 'no-model@example.com', true);
    await speak(mic, devSamples(MAN).subarray(0, 16_000 * 5), { speed: 3 });
    await listener.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-stopped',
      20_000,
    );
    const lines = finalsOf(listener);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.author === profile.avaId && l.authorShow === 'Ada')).toBe(true);
  });
});
