import {
  BODY_BAD_TEXT_MESSAGE,
  BODY_RESERVED_KEY_MESSAGE,
  BODY_TOO_DEEP_MESSAGE,
  bodyProblem,
  MAX_BODY_DEPTH,
} from './body-guard.js';

const nested = (depth: number, leaf: unknown = 'x'): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 ? { a: value } : [value];
  return value;
};

describe('bodyProblem', () => {
  it('accepts ordinary bodies, including emoji and other non-Latin text', () => {
    expect(
      bodyProblem({ heroName: 'Ása 🐉 星', birthdate: '1990-01-01', tags: ['a', { b: [1, null] }] }),
    ).toBeNull();
    expect(bodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
  });

  it('refuses nesting deeper than any body the API takes, without recursing itself', () => {
    expect(bodyProblem(nested(MAX_BODY_DEPTH + 1))).toBe(BODY_TOO_DEEP_MESSAGE);
    expect(bodyProblem(nested(200_000))).toBe(BODY_TOO_DEEP_MESSAGE);
  });

  it.each([
    ['a NUL in a value', { name: 'a\u0000b' }],
    ['a NUL in a key', { ['a\u0000']: 1 }],
    ['a lone high surrogate', { email: 'x\ud800y' }],
    ['a lone low surrogate', ['\udc00']],
  ])('refuses %s', (_, body) => {
    expect(bodyProblem(body)).toBe(BODY_BAD_TEXT_MESSAGE);
  });

  it.each(['hasOwnProperty', 'toString', '__defineGetter__', 'constructor', 'valueOf'])(
    'refuses the key %s, which would shadow what every object inherits',
    (key) => {
      expect(bodyProblem({ card: { number: '4242', [key]: { polluted: true } } })).toBe(
        BODY_RESERVED_KEY_MESSAGE,
      );
    },
  );
});
