/**
 * A small runtime schema language for validating messages that cross a trust boundary
 * (socket, HTTP bodies, IPC). Each schema both checks a value and gives its TypeScript type,
 * so the validator and the type can never disagree. Errors name the path of the bad field,
 * because the client shows them to a developer who has to find the mistake.
 */

export type Issue = { path: string; message: string };
export type Result<T> = { ok: true; value: T } | { ok: false; issue: Issue };

export interface Schema<T> {
  /** Checks `input` and returns the typed value or the first issue found. */
  check(input: unknown, path?: string): Result<T>;
  /** Short description used in error messages ("string", "number 1..60", ...). */
  readonly describe: string;
  /** True when the field may be left out of an object. */
  readonly optional: boolean;
  /**
   * The same rules as JSON Schema, for readers only: the HTTP API's OpenAPI document
   * (http/openapi.ts). `check` stays what decides; this never validates anything.
   */
  readonly json: JsonSchema;
}

/** A JSON Schema (draft 7 / OpenAPI 3.1) object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export type Infer<S> = S extends Schema<infer T> ? T : never;

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const fail = (path: string, message: string): Result<never> => ({ ok: false, issue: { path, message } });

function typeName(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

function make<T>(
  describe: string,
  json: JsonSchema,
  check: (input: unknown, path: string) => Result<T>,
): Schema<T> {
  return { describe, json, optional: false, check: (input, path = '') => check(input, path) };
}

/** Leaves out the bounds that are no bound at all, so the document says only what is checked. */
function defined(json: Record<string, unknown>): JsonSchema {
  return Object.fromEntries(Object.entries(json).filter(([, v]) => v !== undefined));
}

export function string(
  opts: { min?: number; max?: number; pattern?: RegExp; trim?: boolean } = {},
): Schema<string> {
  const { min = 0, max = 10_000, pattern, trim = false } = opts;
  const json = defined({
    type: 'string',
    minLength: min > 0 ? min : undefined,
    maxLength: max,
    pattern: pattern?.source,
  });
  return make(`string of ${min}..${max} characters`, json, (input, path) => {
    if (typeof input !== 'string') return fail(path, `expected string, got ${typeName(input)}`);
    const value = trim ? input.trim() : input;
    if (value.length < min) return fail(path, `must be at least ${min} characters`);
    if (value.length > max) return fail(path, `must be at most ${max} characters`);
    if (pattern && !pattern.test(value)) return fail(path, `has an invalid format`);
    // No text column can hold U+0000 (PostgreSQL refuses it), and no person types it: refused
    // here, named, rather than failing the write later as an internal error.
    if (value.includes('\u0000')) return fail(path, 'must not contain the NUL character (U+0000)');
    return ok(value);
  });
}

export function number(opts: { min?: number; max?: number; integer?: boolean } = {}): Schema<number> {
  const { min = -Number.MAX_VALUE, max = Number.MAX_VALUE, integer = false } = opts;
  const json = defined({
    type: integer ? 'integer' : 'number',
    minimum: min > -Number.MAX_VALUE ? min : undefined,
    maximum: max < Number.MAX_VALUE ? max : undefined,
  });
  return make(`number`, json, (input, path) => {
    if (typeof input !== 'number' || !Number.isFinite(input))
      return fail(path, `expected number, got ${typeName(input)}`);
    if (integer && !Number.isInteger(input)) return fail(path, `must be an integer`);
    if (input < min || input > max) return fail(path, `must be between ${min} and ${max}`);
    return ok(input);
  });
}

export function boolean(): Schema<boolean> {
  return make('boolean', { type: 'boolean' }, (input, path) =>
    typeof input === 'boolean' ? ok(input) : fail(path, `expected boolean, got ${typeName(input)}`),
  );
}

export function literal<const T extends string | number | boolean>(expected: T): Schema<T> {
  return make(JSON.stringify(expected), { const: expected }, (input, path) =>
    input === expected ? ok(expected) : fail(path, `expected ${JSON.stringify(expected)}`),
  );
}

export function oneOf<const T extends readonly string[]>(values: T): Schema<T[number]> {
  return make(`one of ${values.join(', ')}`, { type: 'string', enum: [...values] }, (input, path) =>
    typeof input === 'string' && (values as readonly string[]).includes(input)
      ? ok(input as T[number])
      : fail(path, `expected one of ${values.join(', ')}`),
  );
}

/** A schema whose field may be left out; `optional: true` in its type makes the key optional in ObjectOf. */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly optional: true;
}

export function optional<T>(schema: Schema<T>): OptionalSchema<T> {
  return {
    describe: `${schema.describe} (optional)`,
    json: schema.json,
    optional: true,
    check: (input, path = '') => (input === undefined ? ok(undefined) : schema.check(input, path)),
  };
}

/**
 * A value that may be null: an answer saying "none" on purpose (no rating yet, no link shared),
 * where leaving the field out would read as an older server that does not know it.
 */
export function nullable<T>(schema: Schema<T>): Schema<T | null> {
  return make(`${schema.describe} or null`, { anyOf: [schema.json, { type: 'null' }] }, (input, path) =>
    input === null ? ok(null) : schema.check(input, path),
  );
}

export function array<T>(item: Schema<T>, opts: { max?: number } = {}): Schema<T[]> {
  const { max = 10_000 } = opts;
  return make(
    `array of ${item.describe}`,
    { type: 'array', items: item.json, maxItems: max },
    (input, path) => {
      if (!Array.isArray(input)) return fail(path, `expected array, got ${typeName(input)}`);
      if (input.length > max) return fail(path, `must hold at most ${max} items`);
      const out: T[] = [];
      for (let i = 0; i < input.length; i++) {
        const r = item.check(input[i], `${path}[${i}]`);
        if (!r.ok) return r;
        out.push(r.value);
      }
      return ok(out);
    },
  );
}

export function record<T>(value: Schema<T>, opts: { maxKeys?: number } = {}): Schema<Record<string, T>> {
  const { maxKeys = 100 } = opts;
  const json = { type: 'object', additionalProperties: value.json, maxProperties: maxKeys };
  return make(`record of ${value.describe}`, json, (input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return fail(path, `expected object, got ${typeName(input)}`);
    const entries = Object.entries(input);
    if (entries.length > maxKeys) return fail(path, `must hold at most ${maxKeys} keys`);
    const out: Record<string, T> = {};
    for (const [k, v] of entries) {
      const r = value.check(v, join(path, k));
      if (!r.ok) return r;
      // Not `out[k] = ...`: for the key "__proto__" that would set the result's prototype, not a key.
      Object.defineProperty(out, k, { value: r.value, enumerable: true, writable: true, configurable: true });
    }
    return ok(out);
  });
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K]['optional'] extends true ? K : never }[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
export type ObjectOf<S extends Shape> = { [K in RequiredKeys<S>]: Infer<S[K]> } & {
  [K in OptionalKeys<S>]?: Infer<S[K]>;
};

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/**
 * An object with known fields. Unknown fields are dropped rather than refused, so an older
 * server keeps working with a newer client that sends more; the output holds only known fields.
 */
export function object<S extends Shape>(shape: S): Schema<ObjectOf<S>> {
  const required = Object.keys(shape).filter((key) => !shape[key]!.optional);
  const json = defined({
    type: 'object',
    properties: Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.json])),
    required: required.length > 0 ? required : undefined,
  });
  return make('object', json, (input, path) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return fail(path, `expected object, got ${typeName(input)}`);
    const source = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(shape)) {
      const value = source[key];
      if (value === undefined && !schema.optional) return fail(join(path, key), 'is required');
      const r = schema.check(value, join(path, key));
      if (!r.ok) return r;
      if (r.value !== undefined) out[key] = r.value;
    }
    return ok(out as ObjectOf<S>);
  });
}

/** Formats an issue as one line: "roomId: expected string, got number". */
export function formatIssue(issue: Issue): string {
  return issue.path ? `${issue.path}: ${issue.message}` : issue.message;
}
