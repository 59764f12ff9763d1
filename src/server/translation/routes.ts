/**
 * GET /api/v1/translation-languages: whether translation is on, by which engine (or why it is
 * off), and the reading languages available from a speech language (`?from=en-US`), so clients
 * offer only languages with an installed pair.
 */
import type { FastifyInstance } from 'fastify';
import { API, apiError } from '../../shared/api';
import {
  LANGUAGE_TAG_PATTERN,
  type TranslationLanguagesResponse,
  translationLanguagesQuerySchema,
  translationLanguagesResponseSchema,
} from '../../shared/translation';
import { type AnyRoute, registerDescribed, routeIn } from '../http';
import type { TranslationService } from './service';

const route = routeIn('translation');

export function translationRoutes(translation: TranslationService): AnyRoute[] {
  return [
    route('GET', API.translationLanguages, {
      summary: 'Whether translation is on, its engine, and the reading languages offered from ?from.',
      query: translationLanguagesQuerySchema,
      response: { 200: translationLanguagesResponseSchema },
      handler: async (request, reply) => {
        const from = request.query.from;
        if (from !== undefined && (from.length > 16 || !LANGUAGE_TAG_PATTERN.test(from))) {
          return reply
            .code(400)
            .send(apiError('invalid-language', 'from: a language tag such as en-US is expected.'));
        }
        return translation.languages(from) satisfies TranslationLanguagesResponse;
      },
    }),
  ];
}

export function registerTranslationRoutes(app: FastifyInstance, translation: TranslationService): void {
  registerDescribed(app, translationRoutes(translation));
}
