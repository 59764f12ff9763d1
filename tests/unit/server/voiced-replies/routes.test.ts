/**
 * The voice routes' own logic, on the real eSpeak NG (counted) behind a bare Fastify app whose
 * caller is an account (the access hook, tested elsewhere, is what sets it): samples are made
 * once per engine voice and sentence, a failed one is not kept, the gender preference is
 * validated and stored.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EspeakNgEngine } from '../../../../src/native/tts/espeak-ng/engine';
import type { SynthesisRequest, TtsEngine } from '../../../../src/native/tts/types';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerTtsRoutes, sampleSentence } from '../../../../src/server/voiced-replies/routes';
import { API } from '../../../../src/shared/api';
import type { UserProfile } from '../../../../src/shared/user';
import { parseWav } from '../../../../src/shared/wav';

let real: EspeakNgEngine;
const made: SynthesisRequest[] = [];
let failNext = false;
const counted = (): TtsEngine => ({
  id: real.id,
  kind: real.kind,
  sampleRate: real.sampleRate,
  langs: real.langs,
  supports: (lang) => real.supports(lang),
  languageOf: (lang) => real.languageOf(lang),
  synthesize(request) {
    made.push(request);
    if (failNext) {
      failNext = false;
      return (async function* () {
        yield new Int16Array(0);
        throw new Error('engine crashed');
      })();
    }
    return real.synthesize(request);
  },
});

const profile = { avaId: 'a1', ttsVoice: undefined } as unknown as UserProfile;
const updates: unknown[] = [];
const app = Fastify();

beforeAll(async () => {
  real = await EspeakNgEngine.open();
  registerErrorHandler(app);
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    (request as unknown as { principal: unknown }).principal = { kind: 'account', profile };
  });
  registerTtsRoutes(app, {
    users: {
      update: async (avaId, changes) => {
        updates.push({ avaId, changes });
        return { ...profile, ...changes } as UserProfile;
      },
    },
    tts: { ok: true, engine: counted() },
    now: () => 0,
  });
  await app.ready();
});
afterAll(() => app.close());

const sample = (body: object) => app.inject({ method: 'POST', url: API.ttsVoicesSample, payload: body });

describe('tts routes', () => {
  it('makes a sample once per voice, engine language and sentence', async () => {
    const first = await sample({ lang: 'en-AU', voiceId: 'openai-nova' });
    expect(first.statusCode).toBe(200);
    expect(parseWav(first.rawPayload).samples.length / real.sampleRate).toBeGreaterThan(1.5);
    expect(made).toHaveLength(1);
    // en-NZ is read by the same voice as en-AU: the same sample, not made again.
    const again = await sample({ lang: 'en-NZ', voiceId: 'nova' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(made).toHaveLength(1);
    // Another voice, or a language with its own sentence, is another sample.
    await sample({ lang: 'en-AU', voiceId: 'openai-onyx' });
    await sample({ lang: 'fr-FR', voiceId: 'openai-nova' });
    expect(made.map((r) => [r.voice, r.text])).toEqual([
      ['nova', sampleSentence('en')],
      ['onyx', sampleSentence('en')],
      ['nova', sampleSentence('fr')],
    ]);
  });

  it('refuses a sample without a language tag, or with a malformed one, naming the field', async () => {
    const missing = await sample({ gender: 'male' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({ code: 'invalid-body', content: { message: 'lang: is required' } });
    const malformed = await sample({ lang: '<script>' });
    expect(malformed.json().error.content.message).toBe('lang: has an invalid format');
    const query = await app.inject({ method: 'GET', url: `${API.ttsVoices}?lang=%3Cscript%3E` });
    expect(query.json().error).toEqual({
      code: 'invalid-lang',
      content: { message: 'lang: "<script>" is not a language tag' },
    });
  });

  it('does not keep a sample that failed', async () => {
    failNext = true;
    const failed = await sample({ lang: 'es-ES', gender: 'female' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      error: { code: 'tts-failed', content: { message: 'The sample could not be made: engine crashed' } },
    });
    const retried = await sample({ lang: 'es-ES', gender: 'female' });
    expect(retried.statusCode).toBe(200);
  });

  it('validates and stores the gender preference', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: API.ttsGenderPreference,
      payload: { gender: 'robot' },
    });
    expect(bad.statusCode).toBe(400);
    // The route's schema refused it, in the API's error shape, naming the field.
    expect(bad.json()).toEqual({
      error: { code: 'invalid-body', content: { message: 'gender: expected one of male, female, neutral' } },
    });
    const good = await app.inject({
      method: 'POST',
      url: API.ttsGenderPreference,
      payload: { gender: 'neutral' },
    });
    expect(good.json()).toEqual({ gender: 'neutral' });
    expect(updates).toEqual([{ avaId: 'a1', changes: { ttsGender: 'neutral' } }]);
  });
});
