/**
 * A schema for a value whose rule is its handler's. Some HTTP bodies are refused with their own
 * error code and words (a phone call's 'invalid-phone-call' with the panel's texts, the Scribe
 * limit's 'invalid-scribe-limit'), which a schema's refusal cannot give: http/route.ts answers
 * every schema refusal 'invalid-body'. So this lets every value through to that rule, and keeps
 * `schema`'s description and JSON form for the OpenAPI document, which says what is valid.
 */
import type { Schema } from './schema';

export function checkedByHandler(schema: Schema<unknown>): Schema<unknown> {
  return {
    describe: schema.describe,
    json: schema.json,
    optional: false,
    check: (input) => ({ ok: true, value: input }),
  };
}
