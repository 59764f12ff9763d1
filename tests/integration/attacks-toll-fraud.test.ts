/**
 * Issue 29 (F-06, toll fraud), written as the attacker sent it: the host of a room makes the
 * server dial premium-rate numbers (+1 900, +1 268, +33 899, +32 900, +55 900) through
 * `POST /api/v1/calls`, and places call after call. Before, a guest host had all of them placed
 * (500 calls in 8.9 s). Now calls are for those entitled (a paid plan or Premium credit),
 * premium-rate and toll-fraud ranges are refused whoever asks, and the calls an identity and a
 * room place are rate-limited; nothing refused ever reaches the provider (Twilio's stand-in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { ApiErrorBody } from '../../src/shared/api';
import { identityAuthorization } from '../../src/shared/auth';
import { randomId } from '../../src/shared/ids';
import { PHONE_CALL_API, PHONE_CALL_TEXTS, dialSequence } from '../../src/shared/phone-calls';
import type { ServerMessageOf } from '../../src/shared/protocol';
import type { UserProfile } from '../../src/shared/user';
import { CreditRepository } from '../../src/server/credits/repository';
import { CaptionClient } from '../../scripts/lib/socket-client';
import { EmulatorClient, api } from '../helpers/auth-emulator';
import { phoneCallClient } from '../helpers/phone-call-client';
import { sharedAuthEmulator } from '../helpers/shared-auth-emulator';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';

/** The finding's numbers, each placed before. */
const PREMIUM_NUMBERS = ['+19005550100', '+12684601234', '+33899123456', '+3290012345', '+559001234567'];
/** An ordinary conference dial-in (Paris). */
const ORDINARY_NUMBER = '+33170372246';

let server: TestServer;
let emulatorClient: EmulatorClient;
let credits: CreditRepository;
const dataDir = tempDataDir();
const tag = randomId(6).toLowerCase();
const clients: CaptionClient[] = [];

beforeAll(async () => {
  const emulator = await sharedAuthEmulator();
  emulatorClient = new EmulatorClient(emulator.url, emulator.projectId);
  // The defaults of who may call, how often and which numbers: what an attacker meets.
  server = await startTestServer({
    dataDir,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulator.hostAndPort,
      HEARKEN_FIREBASE_PROJECT_ID: emulator.projectId,
      HEARKEN_PHONE_STAND_IN: '1',
    },
  });
  credits = new CreditRepository(server.database.db);
}, 300_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await server?.close();
  removeDataDir(dataDir);
});

const guestCalls = phoneCallClient(() => server.url, clients, {
  calleeInternationalNumber: ORDINARY_NUMBER,
  sendDigits: dialSequence('zoom', '85512345678', ''),
});
const body = (roomId: string, calleeInternationalNumber: string) =>
  guestCalls.callBody(roomId, { calleeInternationalNumber });

/** Calls the provider was asked to place. */
const placedAtProvider = () => server.phoneCalls.standIn!.calls.size;

/** A signed-in account with Premium credit (the spec's tiers: paid captions), hosting a room. */
async function entitledHost(name: string) {
  const signedIn = await emulatorClient.verifiedUser(`${name}-${tag}@example.com`);
  const created = await api(server.url, `${API.usersMe}?channel=web-v2`, {
    method: 'PATCH',
    token: signedIn.idToken,
    body: { userName: name },
  });
  expect(created.status).toBe(200);
  const profile = created.body as UserProfile;
  await credits.grant(profile.avaId, { extraPremiumASRCredit: 3_600_000 }, Date.now());
  const token = signedIn.idToken;
  const openRoom = async () => {
    const client = await CaptionClient.connect(server.url, {
      user: { avaId: profile.avaId, userName: profile.userName },
      identityToken: token,
    });
    clients.push(client);
    const status = client.received.find((r) => r.message.type === 'room-status')!
      .message as ServerMessageOf<'room-status'>;
    return status.status.id;
  };
  const call = async (method: 'POST' | 'DELETE', path: string, payload?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: identityAuthorization(token),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as Record<string, unknown> & Partial<ApiErrorBody>,
    };
  };
  return {
    roomId: await openRoom(),
    openRoom,
    post: (roomId: string, number: string) => call('POST', PHONE_CALL_API.calls, body(roomId, number)),
    hangUp: (sid: string) => call('DELETE', PHONE_CALL_API.call(sid)),
  };
}

describe('toll fraud (F-06)', () => {
  it('a guest host is refused every premium number, and ordinary ones too: guests have no plan', async () => {
    const host = await guestCalls.hostWithRoom('Mallory Guest');
    const before = placedAtProvider();
    for (const number of [...PREMIUM_NUMBERS, ORDINARY_NUMBER]) {
      expect(await guestCalls.post(host.user, body(host.status.id, number))).toEqual({
        status: 403,
        body: {
          error: { code: 'phone-calls-not-entitled', content: { message: PHONE_CALL_TEXTS.notEntitled } },
        },
      });
    }
    expect(placedAtProvider()).toBe(before);
  });

  it('an entitled host is refused premium numbers but may call an ordinary conference', async () => {
    const host = await entitledHost('trent');
    const before = placedAtProvider();
    for (const number of PREMIUM_NUMBERS) {
      const refused = await host.post(host.roomId, number);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'phone-number-denied',
        content: { message: PHONE_CALL_TEXTS.deniedNumber },
      });
    }
    expect(placedAtProvider()).toBe(before);
    const placed = await host.post(host.roomId, ORDINARY_NUMBER);
    expect(placed).toMatchObject({ status: 201, body: { status: 'dialing' } });
    expect(placedAtProvider()).toBe(before + 1);
    expect((await host.hangUp(placed.body.sid as string)).status).toBe(200);
  });

  it('a burst of calls is rate-limited per room, then per identity across its rooms', async () => {
    const host = await entitledHost('oscar');
    const before = placedAtProvider();
    /** Dials and hangs up as fast as it can, `times` times; the answers' statuses in order. */
    const burst = async (roomId: string, times: number) => {
      const answers: Awaited<ReturnType<typeof host.post>>[] = [];
      for (let i = 0; i < times; i += 1) {
        const answer = await host.post(roomId, ORDINARY_NUMBER);
        answers.push(answer);
        if (answer.status === 201) await host.hangUp(answer.body.sid as string);
      }
      return answers;
    };

    // One room: its allowance at once (10 an hour, a third at once), then refused.
    const first = await burst(host.roomId, 20);
    expect(first.filter((a) => a.status === 201)).toHaveLength(4);
    const limited = first.filter((a) => a.status !== 201);
    expect(limited.every((a) => a.status === 429)).toBe(true);
    expect(limited[0]!.body.error).toEqual({
      code: 'phone-calls-rate-limited',
      content: { message: PHONE_CALL_TEXTS.tooManyCalls },
    });
    expect(Number(limited[0]!.retryAfter)).toBeGreaterThan(0);

    // Another room of the same person: what is left of the person's (20 an hour, 7 at once).
    const second = await burst(await host.openRoom(), 20);
    expect(second.filter((a) => a.status === 201)).toHaveLength(3);
    expect(second.filter((a) => a.status !== 201).every((a) => a.status === 429)).toBe(true);

    expect(placedAtProvider()).toBe(before + 7);
  }, 60_000);
});
