/**
 * The model downloader against a local HTTP server serving a .tar.bz2 of the tiny model, built
 * here with the system tar: success, checksum refusal, redirects, 404, a dropped connection and
 * its resume, an unreachable host, and the command-line script.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  downloadModel,
  DownloadError,
  type DownloadModelOptions,
} from '../../src/native/speech/models/download';
import { modelInstallState } from '../../src/native/speech/models/installed';
import type { ProgressState } from '../../src/native/speech/models/progress';
import { GENERIC_TRANSDUCER_FILES, type ModelEntry } from '../../src/native/speech/models/registry';
import { createSherpaOnnxEngine } from '../../src/native/speech/sherpa-onnx';
import { tinyModel, type TinyModel } from '../helpers/tiny-model';

const NAME = 'tiny-zipformer';

let tiny: TinyModel;
let work: string;
let archive: Buffer;
let sha256: string;
let server: Server;
let base: string;
/** Requests the server saw: path and Range header. */
let seen: { path: string; range?: string }[] = [];
/** Bytes served per file path, for variants (a corrupt archive, one without a joiner). */
const bodies = new Map<string, Buffer>();

function sha(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Writes a body in small pieces, so the client sees several chunks and reports progress often. */
async function send(res: ServerResponse, body: Buffer, upTo = body.length): Promise<void> {
  for (let i = 0; i < upTo; i += 4096) {
    res.write(body.subarray(i, Math.min(i + 4096, upTo)));
    await new Promise((r) => setImmediate(r));
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = req.url ?? '/';
  seen.push({ path, range: req.headers.range });
  if (path === '/redirect') {
    res.writeHead(302, { location: '/hop' }).end();
  } else if (path === '/hop') {
    res.writeHead(301, { location: `${base}/files/model.tar.bz2` }).end();
  } else if (path === '/drop') {
    // Promises the whole archive, sends half, then the connection dies.
    res.writeHead(200, { 'content-length': archive.length });
    await send(res, archive, Math.floor(archive.length / 2));
    // destroy() throws away what is still buffered: let the half reach the socket first, or
    // the client may get nothing at all (the test would then be of another failure).
    await new Promise((resolve) => res.write('', resolve));
    res.socket?.destroy();
  } else if (bodies.has(path)) {
    const body = bodies.get(path)!;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const from = range ? Number(range[1]) : 0;
    if (from >= body.length && range) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
      return;
    }
    res.writeHead(range ? 206 : 200, {
      'content-length': body.length - from,
      ...(range ? { 'content-range': `bytes ${from}-${body.length - 1}/${body.length}` } : {}),
    });
    await send(res, body.subarray(from));
    res.end();
  } else {
    res.writeHead(404, 'Not Found').end('no such file');
  }
}

function registry(entry: Partial<ModelEntry> = {}): ModelEntry[] {
  return [
    {
      name: NAME,
      engine: 'sherpa-onnx',
      languages: ['en-US', 'en'],
      tier: 'basic',
      description: 'tiny test model',
      url: `${base}/files/model.tar.bz2`,
      sha256,
      files: GENERIC_TRANSDUCER_FILES,
      ...entry,
    },
  ];
}

let modelsDir: string;
function download(options: Partial<DownloadModelOptions> = {}) {
  return downloadModel({ name: NAME, modelsDir, registry: registry(), ...options });
}

async function failure(promise: Promise<unknown>): Promise<DownloadError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DownloadError);
    return error as DownloadError;
  }
  throw new Error('the download was expected to fail');
}

/** Nothing that looks like a model: no model folder, no unpack or swap leftovers. */
function expectNothingInstalled(): void {
  expect(modelInstallState(modelsDir, NAME).installed).toBe(false);
  const left = existsSync(modelsDir) ? readdirSync(modelsDir) : [];
  expect(left.filter((f) => f !== '.downloads')).toEqual([]);
}

function partialFile(): string {
  return join(modelsDir, '.downloads', `${NAME}.tar.bz2.part`);
}

beforeAll(async () => {
  tiny = tinyModel();
  work = mkdtempSync(join(tmpdir(), 'hearken-download-'));
  const tarball = join(work, 'model.tar.bz2');
  execFileSync('tar', ['-cjf', tarball, '-C', tiny.modelsDir, NAME]);
  archive = readFileSync(tarball);
  sha256 = sha(archive);
  bodies.set('/files/model.tar.bz2', archive);

  // A bzip2 stream that is not bzip2: the checksum matches (we give it), unpacking fails.
  const garbage = Buffer.concat([Buffer.from('BZh9'), randomBytes(5000)]);
  bodies.set('/files/garbage.tar.bz2', garbage);
  // A valid archive without the joiner.
  cpSync(tiny.dir, join(work, NAME), { recursive: true });
  rmSync(join(work, NAME, 'joiner.onnx'));
  execFileSync('tar', ['-cjf', join(work, 'nojoiner.tar.bz2'), '-C', work, NAME]);
  bodies.set('/files/nojoiner.tar.bz2', readFileSync(join(work, 'nojoiner.tar.bz2')));

  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

beforeEach(() => {
  modelsDir = mkdtempSync(join(work, 'models-'));
  seen = [];
});

describe('downloadModel', () => {
  it('downloads, verifies and installs the model, reporting growing progress', async () => {
    const progress: ProgressState[] = [];
    const stages: string[] = [];
    const result = await download({
      onProgress: (p) => progress.push(p),
      onStage: (stage) => stages.push(stage),
    });
    expect(result).toMatchObject({ alreadyInstalled: false, bytes: archive.length, sha256 });
    expect(stages).toEqual(['download', 'unpack', 'install']);
    for (const file of ['encoder.onnx', 'decoder.onnx', 'joiner.onnx', 'tokens.txt']) {
      expect(readFileSync(join(modelsDir, NAME, file))).toEqual(readFileSync(join(tiny.dir, file)));
    }
    expect(result.files.joiner).toBe(join(modelsDir, NAME, 'joiner.onnx'));
    // Progress: several reports, never going back, ending at the archive's size, which it knew.
    expect(progress.length).toBeGreaterThan(3);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.receivedBytes).toBeGreaterThanOrEqual(progress[i - 1]!.receivedBytes);
    }
    expect(progress[progress.length - 1]!.receivedBytes).toBe(archive.length);
    expect(progress.every((p) => p.totalBytes === archive.length)).toBe(true);
    // Working files are gone.
    expect(readdirSync(modelsDir).sort()).toEqual(['.downloads', NAME]);
    expect(readdirSync(join(modelsDir, '.downloads'))).toEqual([]);
  });

  it('installs a model the engine can load', async () => {
    await download();
    const engine = createSherpaOnnxEngine({ kind: 'sherpa-onnx', model: NAME, modelsDir });
    const stream = engine.open({ lang: 'en-US' });
    stream.accept(new Int16Array(16000));
    stream.close();
    engine.dispose();
  });

  it('does nothing, without touching the network, when the model is installed', async () => {
    await download();
    seen = [];
    const again = await download();
    expect(again.alreadyInstalled).toBe(true);
    expect(seen).toEqual([]);
  });

  it('refuses an archive that does not match its checksum, and leaves nothing behind', async () => {
    const error = await failure(download({ sha256: 'f'.repeat(64) }));
    expect(error.code).toBe('checksum-mismatch');
    expect(error.message).toContain(`expected ${'f'.repeat(64)}, got ${sha256}`);
    expect(error.message).toContain(`${base}/files/model.tar.bz2`);
    expectNothingInstalled();
    expect(existsSync(partialFile())).toBe(false);
  });

  it('refuses a model with no checksum on record before downloading anything', async () => {
    const error = await failure(download({ registry: registry({ sha256: undefined }) }));
    expect(error.code).toBe('no-checksum');
    expect(error.message).toContain('--sha256');
    expect(seen).toEqual([]);
    // ...and accepts it once the user supplies the checksum.
    const result = await download({ registry: registry({ sha256: undefined }), sha256 });
    expect(result.alreadyInstalled).toBe(false);
  });

  it('takes a checksum from checksums.local.json in the models folder', async () => {
    writeFileSync(join(modelsDir, 'checksums.local.json'), JSON.stringify({ [NAME]: { sha256 } }));
    const result = await download({ registry: registry({ sha256: undefined }) });
    expect(result.sha256).toBe(sha256);
  });

  it('follows redirects, as GitHub release downloads need', async () => {
    const result = await download({ url: `${base}/redirect` });
    expect(result.alreadyInstalled).toBe(false);
    expect(seen.map((s) => s.path)).toEqual(['/redirect', '/hop', '/files/model.tar.bz2']);
    expect(modelInstallState(modelsDir, NAME).installed).toBe(true);
  });

  it('names the URL and the status of a 404', async () => {
    const error = await failure(download({ url: `${base}/files/gone.tar.bz2` }));
    expect(error.code).toBe('http');
    expect(error.message).toContain(`${base}/files/gone.tar.bz2 answered HTTP 404 Not Found`);
    expectNothingInstalled();
  });

  it('reports a dropped connection clearly, then resumes where it stopped', async () => {
    const error = await failure(download({ url: `${base}/drop` }));
    expect(error.code).toBe('interrupted');
    expect(error.message).toContain(`${base}/drop`);
    expect(error.message).toContain('again to resume');
    expectNothingInstalled();
    const kept = readFileSync(partialFile()).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(archive.length);

    seen = [];
    const progress: ProgressState[] = [];
    const result = await download({ onProgress: (p) => progress.push(p) });
    expect(seen).toEqual([{ path: '/files/model.tar.bz2', range: `bytes=${kept}-` }]);
    expect(result.sha256).toBe(sha256);
    expect(progress[0]).toMatchObject({ startBytes: kept, totalBytes: archive.length });
    expect(modelInstallState(modelsDir, NAME).installed).toBe(true);
  });

  it('says the machine may be offline when the host cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/model.tar.bz2`;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(download({ url }));
    expect(error.code).toBe('network');
    expect(error.message).toContain(url);
    expect(error.message).toContain('may be offline');
    expectNothingInstalled();
  });

  it('installs nothing from an archive that cannot be unpacked', async () => {
    const body = bodies.get('/files/garbage.tar.bz2')!;
    const error = await failure(download({ url: `${base}/files/garbage.tar.bz2`, sha256: sha(body) }));
    expect(error.code).toBe('unpack');
    expectNothingInstalled();
  });

  it('installs nothing from an archive that lacks a model file', async () => {
    const body = bodies.get('/files/nojoiner.tar.bz2')!;
    const error = await failure(download({ url: `${base}/files/nojoiner.tar.bz2`, sha256: sha(body) }));
    expect(error.code).toBe('incomplete-archive');
    expect(error.message).toContain('no joiner file');
    expectNothingInstalled();
  });

  it('replaces an incomplete model folder left by hand, in one move', async () => {
    mkdirSync(join(modelsDir, NAME));
    writeFileSync(join(modelsDir, NAME, 'tokens.txt'), 'stale');
    await download();
    expect(readFileSync(join(modelsDir, NAME, 'tokens.txt'))).toEqual(
      readFileSync(join(tiny.dir, 'tokens.txt')),
    );
    expect(readdirSync(modelsDir).sort()).toEqual(['.downloads', NAME]);
  });
});

describe('npm run models:download', () => {
  const run = promisify(execFile);
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const script = join(root, 'scripts', 'models-download.ts');
  const tsx = join(root, 'node_modules', '.bin', 'tsx');

  it('installs a model given its URL and checksum, printing plain progress lines off a terminal', async () => {
    const { stdout, stderr } = await run(tsx, [
      script,
      NAME,
      '--models-dir',
      modelsDir,
      '--url',
      `${base}/files/model.tar.bz2`,
      '--sha256',
      sha256,
    ]);
    expect(stdout).toContain(`Installed ${NAME} in ${join(modelsDir, NAME)}`);
    expect(stderr).toContain(`Downloading ${NAME}`);
    expect(stderr).toContain('100%');
    expect(stderr).not.toContain('\r');
    expect(modelInstallState(modelsDir, NAME).installed).toBe(true);
  });

  it('fails with the list of known models for an unknown name', async () => {
    const error = await run(tsx, [script, 'no-such-model', '--models-dir', modelsDir]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toContain('Unknown model "no-such-model"');
    expect(error?.stderr).toContain('sherpa-onnx-streaming-zipformer-en-2023-06-26');
  });

  it('exits 2 with the usage on bad arguments', async () => {
    const error = await run(tsx, [script, '--sha256']).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr).toContain('Usage: npm run models:download');
  });
});
