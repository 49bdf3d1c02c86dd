/**
 * The bad input the fuzz suite sends (fuzz.system-spec.ts), as fast-check arbitraries: strings that
 * break things (NUL, lone surrogates, right-to-left marks, huge runs, markup, SQL, path climbs),
 * JSON of any shape with prototype-pollution keys, and values shaped after an OpenAPI schema with
 * some of their fields replaced by junk.
 */
import fc from 'fast-check';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys that must never change an object's prototype on the server. */
export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'toString',
  'hasOwnProperty',
];

/** What a polluted prototype would carry: a property that would turn a guard around if it leaked. */
export const POLLUTION_VALUES: Json[] = [
  { polluted: 'sb-fuzz-canary', isAdmin: true, paymentStatus: 'paid', isPremium: true, status: 500 },
  { prototype: { polluted: 'sb-fuzz-canary', isPremium: true } },
  { toString: 'not a function', valueOf: 1 },
];

const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u202d',
  '\ufeff',
  '\u200b',
  '🦄🧙‍♀️',
  'Ẓ̵̡̛͍̪̩̟̐͊͋a̴͙͑l̷g̵o̷',
  '\r\n\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '%zz',
  '%E0%A4%A',
  "' OR '1'='1",
  "'; DROP TABLE heroes; --",
  '$where',
  '{"$gt": ""}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '0x0000000000000000000000000000000000000000',
  '4242 4242 4242 4242',
  '1990-02-30',
  '0000-00-00',
  '9999-12-31',
  '-001990-07-25',
  'preview-',
  'preview-preview-',
];

/** A string that is anything from empty to 120,000 characters of any unicode, with the nasty ones often. */
export const junkString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...nasty), weight: 4 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  {
    // Lone surrogates and control characters that a JSON encoder keeps as escapes.
    arbitrary: fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 30 })
      .map((codes) => String.fromCharCode(...codes)),
    weight: 2,
  },
  {
    // Huge: a unit repeated to between 1,000 and 120,000 characters.
    arbitrary: fc
      .tuple(
        fc.constantFrom('A', 'é', '🦄', '\u0000', '<a>', '%', ' '),
        fc.integer({ min: 1_000, max: 120_000 }),
      )
      .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
    weight: 1,
  },
);

/** A number that is anything JSON can carry (and some it cannot: those become null). */
export const junkNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 0.1, 3, 12, 2099),
);

/** Any JSON value, nested up to a few levels, with pollution keys in its objects now and then. */
export const junkJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json; object: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: fc.constant(null), weight: 2 },
    { arbitrary: fc.boolean(), weight: 2 },
    { arbitrary: junkNumber, weight: 2 },
    { arbitrary: junkString, weight: 4 },
    { arbitrary: fc.array(tie('value'), { maxLength: 5 }), weight: 1 },
    { arbitrary: tie('object'), weight: 2 },
  ),
  object: fc
    .tuple(
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...POLLUTION_KEYS)),
        tie('value'),
        {
          maxKeys: 5,
        },
      ),
      fc.option(fc.tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom(...POLLUTION_VALUES)), {
        freq: 3,
      }),
    )
    .map(([object, pollution]) => withOwnKey(object, pollution)),
})).value;

/** Sets a key as an own property even when it is `__proto__` (as JSON.parse would read it). */
export function withOwnKey(object: Record<string, Json>, entry: [string, Json] | null): Record<string, Json> {
  if (!entry) return object;
  const copy: Record<string, Json> = { ...object };
  Object.defineProperty(copy, entry[0], {
    value: entry[1],
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** Arrays or objects nested very deep: [[[[…]]]] or {"a":{"a":…}} (as raw JSON text). */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.integer({ min: 50, max: 5_000 }))
  .map(([arrays, depth]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Text that is not JSON (or is JSON cut short), sent with a JSON content type. */
export const brokenJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    'nul',
    '[1,2',
    '{"__proto__":',
    '\u0000',
    '\ufeff{}',
    'undefined',
  ),
  fc.string({ maxLength: 60 }),
  deepJsonText,
  junkJson.map((value) => JSON.stringify(value).slice(0, -1)),
);

// ─── values shaped after an OpenAPI schema ──────────────────────────────────────────────────────────

export interface SchemaObject {
  $ref?: string;
  allOf?: SchemaObject[];
  type?: string;
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  maxLength?: number;
  minLength?: number;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; schema?: SchemaObject }[];
        requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
      }
    >
  >;
  components?: { schemas?: Record<string, SchemaObject> };
}

export function resolveSchema(
  schema: SchemaObject | undefined,
  doc: OpenApiDocument,
): SchemaObject | undefined {
  if (!schema) return undefined;
  if (schema.$ref) return resolveSchema(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc);
  if (schema.allOf?.length === 1) return resolveSchema(schema.allOf[0], doc);
  return schema;
}

/**
 * A value for the schema: mostly of the right type (its example, its enum, an id the system knows for
 * a field named like one, or junk of the right type), sometimes junk of any type; objects miss
 * required fields, get unknown and pollution keys.
 */
export function shapedAfter(
  schema: SchemaObject | undefined,
  doc: OpenApiDocument,
  fieldValues: (field: string) => fc.Arbitrary<Json> | undefined,
  field = '',
  depth = 0,
): fc.Arbitrary<Json> {
  const resolved = resolveSchema(schema, doc);
  const anyJunk = junkJson;
  if (!resolved || depth > 4) return anyJunk;
  const known = field ? fieldValues(field) : undefined;
  let typed: fc.Arbitrary<Json>;
  switch (resolved.type) {
    case 'object':
    case undefined: {
      if (!resolved.properties) {
        typed = resolved.type === 'object' ? anyJunk : anyJunk;
        break;
      }
      const entries = Object.entries(resolved.properties);
      typed = fc
        .tuple(
          fc.tuple(
            ...entries.map(([name, property]) =>
              fc.option(shapedAfter(property, doc, fieldValues, name, depth + 1), {
                freq: 8,
                nil: undefined,
              }),
            ),
          ),
          fc.dictionary(fc.string({ maxLength: 10 }), anyJunk, { maxKeys: 2 }),
          fc.option(fc.tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom(...POLLUTION_VALUES)), {
            freq: 4,
          }),
        )
        .map(([values, extra, pollution]) => {
          const object: Record<string, Json> = { ...extra };
          entries.forEach(([name], index) => {
            if (values[index] !== undefined) object[name] = values[index] as Json;
          });
          return withOwnKey(object, pollution);
        });
      break;
    }
    case 'string': {
      const examples = [resolved.example, resolved.default, ...(resolved.enum ?? [])].filter(
        (value): value is string => typeof value === 'string',
      );
      const options: fc.Arbitrary<Json>[] = [junkString];
      if (examples.length) options.push(fc.constantFrom(...examples), fc.constantFrom(...examples));
      if (resolved.maxLength) {
        const max = resolved.maxLength;
        options.push(
          fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), 'é'.repeat(max), '🦄'.repeat(max)),
        );
      }
      if (known) options.push(known, known);
      typed = fc.oneof(...options);
      break;
    }
    case 'number':
    case 'integer': {
      const examples = [resolved.example, resolved.default, ...(resolved.enum ?? [])].filter(
        (value): value is number => typeof value === 'number',
      );
      typed = examples.length ? fc.oneof(fc.constantFrom(...examples), junkNumber) : junkNumber;
      break;
    }
    case 'boolean':
      typed = fc.boolean();
      break;
    case 'array':
      typed = fc.array(shapedAfter(resolved.items, doc, fieldValues, field, depth + 1), { maxLength: 4 });
      break;
    default:
      typed = anyJunk;
  }
  return fc.oneof({ arbitrary: typed, weight: 5 }, { arbitrary: anyJunk, weight: 1 });
}
