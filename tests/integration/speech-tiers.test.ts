/**
 * Caption tiers through the real server: each tier names an engine by configuration, a premium
 * request is served by the premium engine, and a tier whose model is missing is served by
 * PocketSphinx, reported as a fallback that says what to run; so is a tier left to the best
 * installed engine where no sherpa-onnx model is installed (the README's first start), and not
 * once one is.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type ServerConfigResponse } from '../../src/shared/api';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { speak } from '../helpers/speak';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { devSamples } from '../helpers/speech';
import { tinyModel, TINY_MODEL_NAME } from '../helpers/tiny-model';

const captionsOf = (client: CaptionClient) => speak(client, devSamples('1688-142285-0003.wav'));

describe('speech tiers', () => {
  let server: TestServer;

  beforeAll(async () => {
    const model = tinyModel();
    server = await startTestServer({
      env: {
        HEARKEN_MODELS_DIR: model.modelsDir,
        HEARKEN_TIER_BASIC: 'pocketsphinx',
        HEARKEN_TIER_PREMIUM: `sherpa-onnx:${TINY_MODEL_NAME}`,
        // Guests have no plan; this installation gives Premium to everyone (attacks.test.ts
        // shows a guest refused it under the default).
        HEARKEN_PREMIUM_FOR: 'everyone',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    removeDataDir(server.dataDir);
  });

  it('reports which engine serves each tier', async () => {
    const config = (await (await fetch(`${server.url}${API.config}`)).json()) as ServerConfigResponse;
    expect(config.speech.tiers.basic).toMatchObject({ available: true, engine: 'pocketsphinx:en-us' });
    expect(config.speech.tiers.premium).toMatchObject({
      available: true,
      engine: `sherpa-onnx:${TINY_MODEL_NAME}`,
    });
  });

  it('serves basic captions with the basic engine and premium ones with the premium engine', async () => {
    const client = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Tiers') });
    // Entitled (everyone is here), Premium is the server's choice unless the client keeps Basic.
    client.send({ type: 'connection-params-update', usePaidASR: false });
    const basic = await captionsOf(client);
    expect(basic.every((t) => !t.usePaidASR)).toBe(true);
    expect(basic.filter((t) => t.isFinal).map((t) => t.asr?.engine)).toContain('pocketsphinx:en-us');

    client.send({ type: 'connection-params-update', usePaidASR: true });
    const premium = await captionsOf(client);
    const engines = new Set(premium.map((t) => t.asr?.engine));
    expect([...engines]).toEqual([`sherpa-onnx:${TINY_MODEL_NAME}`]);
    expect(premium.every((t) => t.usePaidASR)).toBe(true);
    await client.close();
  });
});

describe('a tier whose model is missing', () => {
  it('is served by PocketSphinx, reported as a fallback with the command that installs the model', async () => {
    const server = await startTestServer({
      env: {
        HEARKEN_TIER_PREMIUM: 'sherpa-onnx:sherpa-onnx-streaming-zipformer-en-2023-06-26',
        HEARKEN_MODELS_DIR: '/nonexistent',
      },
    });
    try {
      const config = (await (await fetch(`${server.url}${API.config}`)).json()) as ServerConfigResponse;
      // The configured model is skipped and PocketSphinx serves premium instead, which says so.
      expect(config.speech.tiers.premium).toMatchObject({
        available: true,
        fallback: true,
        engine: 'pocketsphinx:en-us',
      });
      expect(config.speech.tiers.premium.problem).toContain(
        'npm run models:download -- sherpa-onnx-streaming-zipformer-en-2023-06-26',
      );
      expect(config.speech.tiers.basic.available).toBe(true);
      expect(config.speech.tiers.basic.fallback).toBeUndefined();
      // A premium request gets captions rather than leaving the speaker without.
      const client = await CaptionClient.connect(server.url, { user: await createGuest(server.url) });
      client.send({ type: 'connection-params-update', usePaidASR: true });
      const captions = await captionsOf(client);
      expect(captions.some((t) => t.isFinal && t.asr?.engine === 'pocketsphinx:en-us')).toBe(true);
      await client.close();
    } finally {
      await server.close();
      removeDataDir(server.dataDir);
    }
  });
});

describe('tiers left to the best installed engine (nothing configured)', () => {
  /** HEARKEN_TIER_* empty: the engine is chosen from what is installed, as on a fresh clone. */
  const unconfigured = { HEARKEN_TIER_BASIC: '', HEARKEN_TIER_PREMIUM: '' };
  const configOf = async (server: TestServer) =>
    (await (await fetch(`${server.url}${API.config}`)).json()) as ServerConfigResponse;
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('flags PocketSphinx as a fallback when it is the only engine installed, and not once a sherpa-onnx model is', async () => {
    const noModels = mkdtempSync(join(tmpdir(), 'hearken-no-models-'));
    dirs.push(noModels);
    const bare = await startTestServer({ env: { ...unconfigured, HEARKEN_MODELS_DIR: noModels } });
    try {
      const { tiers } = (await configOf(bare)).speech;
      for (const tier of [tiers.basic, tiers.premium]) {
        expect(tier).toMatchObject({ available: true, fallback: true, engine: 'pocketsphinx:en-us' });
        expect(tier.problem).toContain(
          'npm run models:download -- sherpa-onnx-streaming-zipformer-en-2023-06-26',
        );
      }
    } finally {
      await bare.close();
      removeDataDir(bare.dataDir);
    }

    // The tiny test model, installed under a registry model's name and file names.
    const installed = 'sherpa-onnx-streaming-zipformer-en-20M-2023-02-17';
    const modelsDir = mkdtempSync(join(tmpdir(), 'hearken-models-'));
    dirs.push(modelsDir);
    const tiny = tinyModel();
    mkdirSync(join(modelsDir, installed));
    for (const role of ['encoder', 'decoder', 'joiner'])
      copyFileSync(join(tiny.dir, `${role}.onnx`), join(modelsDir, installed, `${role}-epoch-99-avg-1.onnx`));
    copyFileSync(join(tiny.dir, 'tokens.txt'), join(modelsDir, installed, 'tokens.txt'));
    const server = await startTestServer({ env: { ...unconfigured, HEARKEN_MODELS_DIR: modelsDir } });
    try {
      const { tiers } = (await configOf(server)).speech;
      for (const tier of [tiers.basic, tiers.premium]) {
        expect(tier).toEqual({ available: true, engine: `sherpa-onnx:${installed}` });
      }
    } finally {
      await server.close();
      removeDataDir(server.dataDir);
    }
  });
});
