/**
 * The two translation engines against the real things: Debian's Apertium (its pairs and
 * pipelines, compared with running `apertium` directly) and a LibreTranslate-style service
 * (a local stand-in speaking its HTTP API).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApertiumEngine } from '../../src/server/translation/apertium';
import { TranslationError } from '../../src/server/translation/engine';
import { LibreTranslateEngine } from '../../src/server/translation/libretranslate';
import { startTranslation } from '../../src/server/translation/service';
import { startLibreTranslateStandIn, type StandIn } from '../helpers/libretranslate-stand-in';

/** What `apertium` itself gives for a text (the deformatter's extra period and mark options aside). */
function apertiumDirect(pair: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'hearken-apertium-')), 'in.txt');
  writeFileSync(file, text);
  // Folding blanks as the engine does (a dropped word leaves two).
  return execFileSync('apertium', ['-u', pair, file], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
}

describe('ApertiumEngine', () => {
  let engine: ApertiumEngine;
  beforeAll(() => {
    engine = new ApertiumEngine({ timeoutMs: 5000 });
  });
  afterAll(() => engine.close());

  it("finds Debian's installed pairs", () => {
    const pairs = engine.pairs().map((p) => `${p.from}>${p.to}`);
    expect(pairs).toEqual(expect.arrayContaining(['en>es', 'es>en', 'en>ca', 'fr>es', 'es>fr', 'fr>ca']));
  });

  it('translates as apertium itself does, through one long-lived pipeline', async () => {
    const lines = [
      'I cannot hear the left side of the room.',
      'The meeting starts at ten and we eat afterwards.',
      'Could you speak a little more slowly, please?',
    ];
    const translated = await Promise.all(lines.map((l) => engine.translate(l, 'en', 'es')));
    expect(translated).toEqual(lines.map((l) => apertiumDirect('eng-spa', l)));
    expect(translated[0]).toMatch(/lado izquierdo de la sala/);
    expect(engine.pipeline('en', 'es').starts).toBe(1);
  });

  it('keeps reserved characters and null characters from breaking the pipeline', async () => {
    expect(await engine.translate('the {big} cat [sic] 3/4 \0 ok', 'en', 'es')).toBe(
      'El {gato} grande [sic] 3/4 vale',
    );
    expect(await engine.translate('Hello', 'en', 'es')).toBe('Hola');
  });

  it('starts a pipeline again after it died', async () => {
    const pipeline = engine.pipeline('en', 'es');
    await pipeline.translate('warm');
    const starts = pipeline.starts;
    process.kill(-pipeline.pid!, 'SIGKILL');
    expect(await engine.translate('good morning', 'en', 'es')).toBe('buenos días');
    expect(pipeline.starts).toBe(starts + 1);
  });

  it('stops a pipeline nobody uses, and starts it again for the next caption', async () => {
    const idle = new ApertiumEngine({ idleMs: 300 });
    try {
      expect(await idle.translate('Hello', 'en', 'es')).toBe('Hola');
      const pid = idle.pipeline('en', 'es').pid!;
      // Stopped once idle for 300 ms; on a loaded machine the process takes a while to go, so
      // wait for it (up to 15 s) rather than a fixed time.
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 15_000;
      while ((idle.pipeline('en', 'es').pid !== undefined || alive()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(idle.pipeline('en', 'es').pid).toBeUndefined();
      expect(alive()).toBe(false);
      expect(await idle.translate('good morning', 'en', 'es')).toBe('buenos días');
      expect(idle.pipeline('en', 'es').starts).toBe(2);
    } finally {
      await idle.close();
    }
  });

  it('stops a pipeline that was still translating when it would have been idle long enough', async () => {
    // 1 ms: the idle time passes while the first caption is being translated (starting apertium
    // takes longer); the pipeline must still stop once it has answered.
    const busy = new ApertiumEngine({ idleMs: 1 });
    try {
      expect(await busy.translate('Hello', 'en', 'es')).toBe('Hola');
      const deadline = Date.now() + 15_000;
      while (busy.pipeline('en', 'es').pid !== undefined && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(busy.pipeline('en', 'es').pid).toBeUndefined();
    } finally {
      await busy.close();
    }
  });

  it('says clearly when no pair exists', async () => {
    await expect(engine.translate('hello', 'en', 'de')).rejects.toThrow(
      /no apertium pair translates en to de/,
    );
  });

  it('times out clearly', async () => {
    const slow = new ApertiumEngine({ timeoutMs: 1 });
    try {
      // No pipeline answers within a millisecond of being started.
      const error = await slow.translate('hello', 'en', 'es').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TranslationError);
      expect((error as TranslationError).code).toMatch(/timeout|engine-failed/);
      expect((error as Error).message).toMatch(/1 ms/);
    } finally {
      await slow.close();
    }
  });

  it('is off, saying why, when no pair is installed', async () => {
    const service = await startTranslation(
      { engine: 'apertium', modesDir: '/nonexistent', timeoutMs: 1000 },
      () => {},
    );
    expect(service.engine).toBeUndefined();
    expect(service.languages('en-US')).toMatchObject({
      available: false,
      problem: expect.stringMatching(/no Apertium language pair is installed/),
      languages: ['en'],
    });
  });
});

describe('LibreTranslateEngine against a stand-in service', () => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startLibreTranslateStandIn('secret-key');
  });
  afterAll(() => standIn.close());

  it('reads the languages and translates with the key', async () => {
    const engine = await LibreTranslateEngine.start({ url: standIn.url, apiKey: 'secret-key' });
    expect(engine.pairs()).toEqual([
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
    ]);
    expect(await engine.translate('Hello friends', 'en', 'es')).toBe('hola amigos');
    expect(standIn.requests.at(-1)).toEqual({
      path: '/translate',
      body: { q: 'Hello friends', source: 'en', target: 'es', format: 'text', api_key: 'secret-key' },
    });
  });

  it("says the service's own error", async () => {
    const engine = await LibreTranslateEngine.start({ url: standIn.url, apiKey: 'wrong' });
    await expect(engine.translate('hello', 'en', 'es')).rejects.toThrow(/Invalid API key \(HTTP 403\)/);
  });

  it('times out clearly', async () => {
    const engine = await LibreTranslateEngine.start({
      url: standIn.url,
      apiKey: 'secret-key',
      timeoutMs: 200,
    });
    standIn.delayMs = 1000;
    try {
      await expect(engine.translate('hello', 'en', 'es')).rejects.toThrow(/did not answer within 200 ms/);
    } finally {
      standIn.delayMs = 0;
    }
  });

  it('leaves translation off, saying why, when the service cannot be reached', async () => {
    const service = await startTranslation(
      { engine: 'libretranslate', url: 'http://127.0.0.1:9', timeoutMs: 1000 },
      () => {},
    );
    expect(service.engine).toBeUndefined();
    expect(service.problem).toMatch(/cannot be reached/);
  });
});
