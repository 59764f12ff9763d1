/**
 * The calls that add rows for whoever makes them (guest creation, by anyone; client logs, by any
 * guest) are limited per client address on the real server: a flood is refused with 429 and
 * Retry-After and stores nothing, other addresses (behind a trusted proxy) are not affected.
 * (Client logs' per-identity allowances: attacks-names-logs.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { ClientLogEntry } from '../../src/shared/user';
import { ClientLogRepository } from '../../src/server/client-logs/repository';
import { CLIENT_LOG_ENTRY_LIMIT, GUEST_CREATION_LIMIT } from '../../src/server/http/address-limits';
import { createGuest, guestHeaders } from '../../scripts/lib/socket-client';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
/** Who sends the client logs (they need a credential). */
let logger: GuestUserWithCredential;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      // The test client is the proxy: X-Forwarded-For names the person's address.
      HEARKEN_TRUST_PROXY: '127.0.0.1',
      // The address's allowance is what is tested here, not the identity's.
      HEARKEN_CLIENT_LOG_ENTRIES_PER_HOUR: '100000',
    },
  });
  logger = await createGuest(server.url, 'Logger');
});

afterAll(async () => {
  await server?.close();
  removeDataDir(server?.dataDir);
});

function post(
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from, ...headers },
    body: JSON.stringify(body),
  });
}

const entry = (i: number): ClientLogEntry => ({
  tag: 'flood',
  msg: `entry ${i}`,
  level: 'info',
  os: 'Linux',
  app: 'web',
  browser: 'Chrome',
  device: 'desktop',
  timestamp: Date.now(),
});

describe('per-address limits', () => {
  it('creates a room of guests from one address, then refuses the flood', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < GUEST_CREATION_LIMIT.burst + 50; i++) {
      const response = await post(API.createGuest, {}, '198.51.100.7');
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    expect(statuses.slice(0, GUEST_CREATION_LIMIT.burst).every((s) => s === 201)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused!.json()).toMatchObject({
      error: { code: 'rate-limited', content: { message: expect.stringMatching(/Too many requests/) } },
    });
    // Someone at another address still gets in.
    expect((await post(API.createGuest, {}, '203.0.113.9')).status).toBe(201);
  });

  it('stores client logs up to the allowance and none of a refused batch', async () => {
    const batch = Array.from({ length: 100 }, (_, i) => entry(i));
    let accepted = 0;
    let refusedCount = 0;
    for (let i = 0; i < CLIENT_LOG_ENTRY_LIMIT.burst / 100 + 10; i++) {
      const response = await post(API.clientLogs, batch, '198.51.100.8', guestHeaders(logger));
      if (response.status === 202) accepted += 100;
      else if (response.status === 429) refusedCount++;
      else throw new Error(`unexpected ${response.status}`);
    }
    expect(accepted).toBeGreaterThanOrEqual(CLIENT_LOG_ENTRY_LIMIT.burst);
    expect(refusedCount).toBeGreaterThan(0);
    const stored = await new ClientLogRepository(server.database.db).latest(100_000);
    expect(stored.filter((s) => s.tag === 'flood')).toHaveLength(accepted);
    expect((await post(API.clientLogs, [entry(0)], '203.0.113.10', guestHeaders(logger))).status).toBe(202);
  });
});
