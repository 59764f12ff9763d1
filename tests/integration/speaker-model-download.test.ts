/**
 * Installing a speaker-embedding model like the recognition models: from a local HTTP server
 * serving the generated tiny model as the release's single .onnx file; the checksum is required
 * and checked, a file sherpa-onnx could not use is refused, and the installed model is the one
 * the server then finds and loads.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadError } from '../../src/native/speech/models/plan';
import {
  SPEAKER_MODEL_REGISTRY,
  type SpeakerModelEntry,
  downloadSpeakerModel,
} from '../../src/native/speech/speaker-id/download';
import { openSpeakerIdentification } from '../../src/native/speech/speaker-id/embedder';
import { SPEAKER_MODELS_FOLDER } from '../../src/native/speech/speaker-id/model';
import { tinySpeakerModel } from '../helpers/tiny-speaker-model';

let server: Server;
let base: string;
let model: Buffer;
let sha256: string;
const work = mkdtempSync(join(tmpdir(), 'hearken-speaker-download-'));
const NOT_A_MODEL = Buffer.from('an ONNX file of another kind');

beforeAll(async () => {
  model = readFileSync(tinySpeakerModel().path);
  sha256 = createHash('sha256').update(model).digest('hex');
  server = createServer((req, res) => {
    if (req.url === '/tiny.onnx') res.writeHead(200, { 'content-length': model.length }).end(model);
    else if (req.url === '/other.onnx') res.writeHead(200).end(NOT_A_MODEL);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const registry = (): SpeakerModelEntry[] => [
  { name: 'tiny-speaker', description: 'test', url: `${base}/tiny.onnx` },
];

describe('installing a speaker model', () => {
  it('needs a checksum: none on record is refused, saying how to give one', async () => {
    const modelsDir = mkdtempSync(join(work, 'm-'));
    const refused = await downloadSpeakerModel({
      name: 'tiny-speaker',
      modelsDir,
      registry: registry(),
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DownloadError);
    expect((refused as DownloadError).code).toBe('no-checksum');
    expect((refused as Error).message).toMatch(/--sha256 <hex>.*checksums\.local\.json/);
    // The registry's own entries carry no unverified checksum either.
    expect(SPEAKER_MODEL_REGISTRY.every((m) => m.sha256 === undefined && m.url.endsWith('.onnx'))).toBe(true);
  });

  it('downloads, verifies and installs it where the server finds and loads it', async () => {
    const modelsDir = mkdtempSync(join(work, 'm-'));
    expect(openSpeakerIdentification(modelsDir)).toMatchObject({
      available: false,
      problem: expect.stringMatching(/No speaker-embedding model is installed/),
    });
    const installed = await downloadSpeakerModel({
      name: 'tiny-speaker',
      modelsDir,
      registry: registry(),
      sha256,
    });
    expect(installed).toEqual({
      path: join(modelsDir, SPEAKER_MODELS_FOLDER, 'tiny-speaker.onnx'),
      alreadyInstalled: false,
      sha256,
    });
    expect(readFileSync(installed.path).equals(model)).toBe(true);
    const opened = openSpeakerIdentification(modelsDir);
    expect(opened.available && opened.embedder.dim).toBe(16);
    const again = await downloadSpeakerModel({
      name: 'tiny-speaker',
      modelsDir,
      registry: registry(),
      sha256,
    });
    expect(again.alreadyInstalled).toBe(true);
  });

  it('takes the checksum from checksums.local.json too, and refuses bytes that do not match it', async () => {
    const modelsDir = mkdtempSync(join(work, 'm-'));
    writeFileSync(join(modelsDir, 'checksums.local.json'), JSON.stringify({ 'tiny-speaker': { sha256 } }));
    await downloadSpeakerModel({ name: 'tiny-speaker', modelsDir, registry: registry() });
    const wrong = mkdtempSync(join(work, 'm-'));
    const refused = await downloadSpeakerModel({
      name: 'tiny-speaker',
      modelsDir: wrong,
      registry: registry(),
      sha256: 'a'.repeat(64),
    }).catch((e: unknown) => e);
    expect((refused as DownloadError).code).toBe('checksum-mismatch');
    expect(existsSync(join(wrong, SPEAKER_MODELS_FOLDER, 'tiny-speaker.onnx'))).toBe(false);
  });

  it('refuses a verified file that is not a speaker model sherpa-onnx can use, installing nothing', async () => {
    const modelsDir = mkdtempSync(join(work, 'm-'));
    const refused = await downloadSpeakerModel({
      name: 'tiny-speaker',
      modelsDir,
      registry: registry(),
      url: `${base}/other.onnx`,
      sha256: createHash('sha256').update(NOT_A_MODEL).digest('hex'),
    }).catch((e: unknown) => e);
    expect((refused as Error).message).toMatch(
      /not a model sherpa-onnx can use: its metadata lacks framework/,
    );
    expect(readdirSync(join(modelsDir, SPEAKER_MODELS_FOLDER))).toEqual([]);
  });
});
