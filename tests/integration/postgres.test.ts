/**
 * The DATABASE_URL path: the same server against a PostgreSQL server instead of embedded PGlite.
 * Each run creates its own database on the local PostgreSQL and drops it afterwards.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { speak } from '../helpers/speak';
import { removeDataDir, startTestServer, tempDataDir, type TestServer } from '../helpers/server';
import { devSamples } from '../helpers/speech';
import { adminQuery as admin, testDatabase } from '../helpers/test-postgres';

const { name: database, url: databaseUrl } = testDatabase('hearken_it');

describe('PostgreSQL through DATABASE_URL', () => {
  let server: TestServer;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    await admin(`create database ${database}`);
    server = await startTestServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
  });

  afterAll(async () => {
    await server?.close();
    await admin(`drop database if exists ${database} with (force)`);
    removeDataDir(dataDir);
  });

  it('migrates, stores guests, rooms and finals, and serves them after a restart', async () => {
    expect(server.database.kind).toBe('postgres');
    const user = await createGuest(server.url, 'Pat Postgres');
    let client = await CaptionClient.connect(server.url, { user });
    const finals = (await speak(client, devSamples('1688-142285-0004.wav')))
      .filter((t) => t.isFinal && t.texts['en-US'])
      .map((t) => t.texts['en-US']);
    expect(finals.length).toBeGreaterThan(0);
    const roomId = client.roomId;
    await client.close();
    await server.close();

    // The rows are really in PostgreSQL.
    const direct = new pg.Client({ connectionString: databaseUrl });
    await direct.connect();
    const rows = await direct.query('select text from transcripts where room_id = $1 order by idx', [roomId]);
    await direct.end();
    expect(rows.rows.map((r: { text: string }) => r.text)).toEqual(finals);

    server = await startTestServer({ dataDir, env: { DATABASE_URL: databaseUrl } });
    client = await CaptionClient.connect(server.url, { user, roomId });
    const replay = (await client.waitFor((m) => m.type === 'transcripts', 5000)) as Extract<
      ServerMessage,
      { type: 'transcripts' }
    >;
    expect(replay.transcripts.map((t) => t.texts['en-US'])).toEqual(finals);
    await client.close();
  });
});
