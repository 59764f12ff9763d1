/**
 * The voices' HTTP routes (conversation.md section 7): the voice list for a language, a sample
 * to listen to, and the account's preferred voice gender (its chosen voice is POST tts-voice,
 * in user-routes.ts). Samples are a fixed sentence, so each voice and language is made once and
 * kept: listening costs the engine nothing after the first time.
 */
import type { FastifyInstance } from 'fastify';
import {
  API,
  apiError,
  fileAnswerSchema,
  type TtsGenderPreferenceResponse,
  type TtsVoicesResponse,
  ttsGenderPreferenceSchema,
  ttsVoicesResponseSchema,
} from '../../shared/api';
import { DEFAULT_SPEECH_LANG } from '../../shared/constants';
import { object, oneOf, optional, string } from '../../shared/schema';
import { DEFAULT_TTS_GENDER, TTS_GENDERS, resolveVoice, ttsVoiceList, voiceFromId } from '../../shared/tts';
import { concatInt16 } from '../../shared/tts-audio';
import type { TtsVoice } from '../../shared/user';
import { encodeWav } from '../../shared/wav';
import type { TtsStatus } from '../../native/tts/types';
import type { UserRepository } from '../accounts';
import { profileOf, type AnyRoute, registerDescribed, routeIn } from '../http';

const route = routeIn('voiced-replies');

export interface TtsRouteDeps {
  users: Pick<UserRepository, 'update'>;
  tts: TtsStatus;
  now(): number;
}

const LANG = string({ min: 2, max: 16, pattern: /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/ });
const sampleSchema = object({
  lang: LANG,
  gender: optional(oneOf(TTS_GENDERS)),
  voiceId: optional(string({ min: 1, max: 64 })),
});
/** A language tag is checked by the handler, which names it in its own error ('invalid-lang'). */
const voicesQuerySchema = object({ lang: optional(string()) });

/** What a sample says, in the languages that have it written; others read the English one. */
const SAMPLE_SENTENCES: Readonly<Record<string, string>> = {
  en: 'Hello, this is the voice that will read your words aloud.',
  fr: 'Bonjour, voici la voix qui lira vos mots à voix haute.',
  es: 'Hola, esta es la voz que leerá tus palabras en voz alta.',
  de: 'Hallo, das ist die Stimme, die deine Worte vorliest.',
  it: 'Ciao, questa è la voce che leggerà ad alta voce le tue parole.',
  pt: 'Olá, esta é a voz que vai ler as suas palavras em voz alta.',
};
/** Samples kept (6 voices in about 10 languages), each about 100 KB. */
const SAMPLE_CACHE_MAX = 64;

export function sampleSentence(lang: string): string {
  return SAMPLE_SENTENCES[lang.toLowerCase().split(/[-_]/)[0] ?? ''] ?? SAMPLE_SENTENCES.en!;
}

export function ttsRoutes(deps: TtsRouteDeps): AnyRoute[] {
  const samples = new Map<string, Promise<Uint8Array>>();

  function sample(voice: TtsVoice, lang: string): Promise<Uint8Array> {
    // By the engine's voice and the sentence, not the tag as asked: en-AA, en-AB... are one sample.
    const engineLang = deps.tts.ok ? deps.tts.engine.languageOf(lang) : undefined;
    const key = `${voice}:${engineLang}:${sampleSentence(lang)}`;
    let made = samples.get(key);
    if (!made) {
      if (!deps.tts.ok) throw new Error('unreachable: no engine');
      const engine = deps.tts.engine;
      made = (async () => {
        const chunks: Int16Array[] = [];
        for await (const c of engine.synthesize({ text: sampleSentence(lang), voice, lang })) chunks.push(c);
        return encodeWav(concatInt16(chunks), engine.sampleRate);
      })();
      // A failed sample is not kept: the next request tries again.
      made.catch(() => samples.delete(key));
      if (samples.size >= SAMPLE_CACHE_MAX) samples.delete(samples.keys().next().value!);
      samples.set(key, made);
    }
    return made;
  }

  return [
    route('GET', API.ttsVoices, {
      summary:
        "The six voices for a language (?lang=), the caller's marked, and whether this server reads it.",
      query: voicesQuerySchema,
      response: { 200: ttsVoicesResponseSchema },
      handler: (request, reply) => {
        const lang = request.query.lang ?? DEFAULT_SPEECH_LANG;
        if (!LANG.check(lang).ok)
          return reply.code(400).send(apiError('invalid-lang', `lang: "${lang}" is not a language tag`));
        const profile = profileOf(request);
        const selected = resolveVoice(profile?.ttsVoice, profile?.ttsGender);
        const available = deps.tts.ok && deps.tts.engine.supports(lang);
        return {
          voices: ttsVoiceList(lang, selected, available),
          available,
          ...(deps.tts.ok
            ? available
              ? {}
              : { problem: `no voice reads ${lang} on this server` }
            : { problem: deps.tts.error }),
        } satisfies TtsVoicesResponse;
      },
    }),
    route('POST', API.ttsVoicesSample, {
      summary: 'A sample of a voice reading a fixed sentence in a language, to listen to (WAV).',
      body: sampleSchema,
      // The sample is a WAV file; a refusal is the API's JSON error.
      produces: ['audio/wav', 'application/json'],
      response: { 200: fileAnswerSchema },
      handler: async (request, reply) => {
        const body = request.body;
        if (body.voiceId !== undefined && !voiceFromId(body.voiceId)) {
          return reply.code(400).send(apiError('unknown-voice', `No voice is named ${body.voiceId}.`));
        }
        if (!deps.tts.ok) {
          return reply
            .code(503)
            .send(apiError('tts-unavailable', `Text-to-speech is unavailable: ${deps.tts.error}`));
        }
        if (!deps.tts.engine.supports(body.lang)) {
          return reply
            .code(400)
            .send(apiError('unsupported-lang', `No voice reads ${body.lang} on this server.`));
        }
        const voice = resolveVoice(body.voiceId, body.gender);
        try {
          const wav = await sample(voice, body.lang);
          return reply
            .header('Content-Type', 'audio/wav')
            .header('Cache-Control', 'private, max-age=86400')
            .send(Buffer.from(wav));
        } catch (error) {
          return reply
            .code(500)
            .send(apiError('tts-failed', `The sample could not be made: ${(error as Error).message}`));
        }
      },
    }),
    route('GET', API.ttsGenderPreference, {
      summary: 'The voice gender the caller prefers (male until they choose).',
      response: { 200: ttsGenderPreferenceSchema },
      handler: (request) =>
        ({
          gender: profileOf(request)?.ttsGender ?? DEFAULT_TTS_GENDER,
        }) satisfies TtsGenderPreferenceResponse,
    }),
    route('POST', API.ttsGenderPreference, {
      summary: 'Saves the voice gender the caller prefers.',
      body: ttsGenderPreferenceSchema,
      response: { 200: ttsGenderPreferenceSchema },
      handler: async (request, reply) => {
        const profile = profileOf(request);
        if (!profile) {
          return reply
            .code(400)
            .send(
              apiError(
                'no-profile',
                'No profile for this account yet: create it with PATCH /api/v1/users/me.',
              ),
            );
        }
        const { gender } = request.body;
        const updated = await deps.users.update(profile.avaId, { ttsGender: gender }, deps.now());
        return { gender: updated?.ttsGender ?? gender } satisfies TtsGenderPreferenceResponse;
      },
    }),
  ];
}

export function registerTtsRoutes(app: FastifyInstance, deps: TtsRouteDeps): void {
  registerDescribed(app, ttsRoutes(deps));
}
