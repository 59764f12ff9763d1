/**
 * Readiness and metrics (issue 27): `GET /api/v1/ready` says 200 while the server takes people, and 503 once
 * it drains (the first thing it does when stopping) or when a part it needs stops answering;
 * `/api/v1/health` stays liveness.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { API, METRICS_PATH } from '../../src/shared/api';
import { CaptionClient, createGuest, streamAudio } from '../../scripts/lib/socket-client';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { devSamples } from '../helpers/speech';

interface ReadyBody {
  ready: boolean;
  draining: boolean;
  checks: Record<string, { ok: boolean; ms?: number }>;
}

async function ready(url: string): Promise<{ status: number; body: ReadyBody }> {
  const response = await fetch(`${url}${API.ready}`);
  return { status: response.status, body: (await response.json()) as ReadyBody };
}

describe('readiness', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    if (server) removeDataDir(server.dataDir);
    server = undefined;
  });

  it('is ready with the database and a speech worker answering; not once the workers are gone', async () => {
    server = await startTestServer();
    const { status, body } = await ready(server.url);
    expect(status).toBe(200);
    expect(body.ready).toBe(true);
    expect(body.draining).toBe(false);
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'speech']);
    expect(Object.values(body.checks).every((c) => c.ok)).toBe(true);

    await server.pool.close();
    const gone = await ready(server.url);
    expect(gone.status).toBe(503);
    expect(gone.body.checks.speech).toMatchObject({ ok: false });
    expect(gone.body.checks.database).toMatchObject({ ok: true });
    // Why is for the log, not for anyone who asks.
    expect(JSON.stringify(gone.body)).not.toContain('worker is running');
    expect((await fetch(`${server.url}${API.health}`)).status).toBe(200);
  });

  it('drains first when it stops: not ready while the last words are stored', async () => {
    server = await startTestServer();
    const user = await createGuest(server.url, 'Dee Drain');
    const client = await CaptionClient.connect(server.url, { user });
    const mark = client.received.length;
    client.startAudio();
    const speech = devSamples('1688-142285-0003.wav');
    await streamAudio(client, speech.subarray(0, Math.floor(speech.length * 0.7)), { speed: 3 });
    await client.waitFor((m) => m.type === 'transcript' && !m.transcript.isFinal, 10_000, mark);

    // What an operator watches (GET /metrics, from this machine): the room, its socket, the
    // stream on Basic, the workers, and how late captions leave.
    const metrics = await (await fetch(`${server.url}${METRICS_PATH}`)).text();
    expect(metrics).toMatch(/^hearken_rooms 1$/m);
    expect(metrics).toMatch(/^hearken_sockets 1$/m);
    expect(metrics).toMatch(/^hearken_speech_streams\{tier="basic"\} 1$/m);
    expect(metrics).toMatch(/^hearken_speech_workers 1$/m);
    expect(metrics).toMatch(/^hearken_persist_queue_depth 0$/m);
    const partialLags = /^hearken_caption_lag_seconds_count\{kind="partial"\} (\d+)$/m.exec(metrics);
    expect(Number(partialLags?.[1])).toBeGreaterThan(0);

    const stopping = server.close();
    const during = await ready(server.url);
    expect(during.status).toBe(503);
    expect(during.body).toMatchObject({ ready: false, draining: true });
    await stopping;
    await client.close();
  });
});
