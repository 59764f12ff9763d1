/**
 * GET /api/v1/turnCredentials against a real TURN server (Debian's coturn with use-auth-secret):
 * the credentials the route gives let a WebRTC peer that may only relay (as one behind a
 * strict firewall) reach the Hearken server through coturn and be captioned; a credential made
 * with another secret is refused by coturn.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { TurnCredentialsResponse } from '../../src/shared/webrtc';
import { wordErrorRate } from '../../src/shared/wer';
import { CaptionClient, createGuest, guestHeaders, streamAudio } from '../../scripts/lib/socket-client';
import { ChunkPacer } from '../../scripts/lib/pacer';
import { WebRtcSender } from '../../scripts/lib/webrtc-sender';
import { type Coturn, coturnInstalled, startCoturn } from '../helpers/coturn';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { finalText, streamStopped, transcriptsSince } from '../helpers/speak';
import { POCKETSPHINX_MEASURED_DEV_WER, devReference, devSamples } from '../helpers/speech';

const FILE = '1688-142285-0004.wav';
const SECRET = 'hearken-test-turn-secret';

if (!coturnInstalled()) console.warn('turnserver (Debian coturn) is not installed: .ci/run installs it');

describe('TURN credentials', () => {
  let coturn: Coturn;
  let server: TestServer;

  beforeAll(async () => {
    coturn = await startCoturn(SECRET);
    server = await startTestServer({
      env: {
        HEARKEN_WEBRTC_ADDRESS: '127.0.0.1',
        HEARKEN_TURN_URLS: coturn.url,
        HEARKEN_TURN_SECRET: SECRET,
        HEARKEN_TURN_TTL_SECONDS: '600',
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await coturn?.stop();
    if (server) removeDataDir(server.dataDir);
  });

  it('refuses someone who proves nothing', async () => {
    const response = await fetch(`${server.url}${API.turnCredentials}`);
    expect(response.status).toBe(401);
  });

  it('gives a guest short-lived credentials in the coturn REST scheme, not cached', async () => {
    const user = await createGuest(server.url, 'Dee Relay');
    const before = Math.floor(Date.now() / 1000);
    const response = await fetch(`${server.url}${API.turnCredentials}`, { headers: guestHeaders(user) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as TurnCredentialsResponse;
    expect(body.ok).toBe(true);
    expect(body.ttlSeconds).toBe(600);
    const turn = body.turnCredentials[0]!;
    expect(turn.urls).toEqual([coturn.url]);
    const [expiry, named] = turn.username!.split(':');
    expect(named).toBe(user.avaId);
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(before + 602);
  });

  it('lets a relay-only peer reach the server through coturn, and its speech is captioned', async () => {
    const user = await createGuest(server.url, 'Dee Relay');
    const { turnCredentials } = (await (
      await fetch(`${server.url}${API.turnCredentials}`, { headers: guestHeaders(user) })
    ).json()) as TurnCredentialsResponse;
    const client = await CaptionClient.connect(server.url, { user });
    const sender = new WebRtcSender(client, {
      iceServers: turnCredentials,
      iceTransportPolicy: 'relay',
      interfaceAddress: '127.0.0.1',
    });
    const mark = client.received.length;
    const sentCandidates: string[] = [];
    const send = client.send.bind(client);
    client.send = (message) => {
      if (message.type === 'webrtc' && message.iceCandidate)
        sentCandidates.push(message.iceCandidate.candidate);
      send(message);
    };
    await sender.start();
    // Only relayed candidates were offered: the connection goes through coturn.
    expect(sentCandidates.length).toBeGreaterThan(0);
    expect(sentCandidates.every((c) => / typ relay /.test(c))).toBe(true);
    const pacer = new ChunkPacer(2);
    await streamAudio(sender, devSamples(FILE), { speed: 2, pacer });
    await streamAudio(sender, new Int16Array(16_000), { speed: 2, pacer });
    const stopMark = client.received.length;
    await sender.stop();
    await streamStopped(client, user.avaId, stopMark);
    const text = finalText(transcriptsSince(client, mark));
    expect(wordErrorRate(devReference(FILE), text)).toBeLessThanOrEqual(POCKETSPHINX_MEASURED_DEV_WER);
    await client.close();
  });

  it('is refused by coturn with a credential made with another secret', async () => {
    const user = await createGuest(server.url, 'Eve Forger');
    const username = `${Math.floor(Date.now() / 1000) + 600}:${user.avaId}`;
    const forged = createHmac('sha1', 'not-the-secret').update(username).digest('base64');
    const client = await CaptionClient.connect(server.url, { user });
    const sender = new WebRtcSender(client, {
      iceServers: [{ urls: [coturn.url], username, credential: forged }],
      iceTransportPolicy: 'relay',
      interfaceAddress: '127.0.0.1',
    });
    await expect(sender.start(6000)).rejects.toThrow(/WebRTC: (connection failed|not connected in time)/);
    expect(coturn.log()).toContain(`Cannot find credentials of user <${username}>`);
    client.stopAudio();
    await client.close();
  });
});
