import { isAcceptableText, USER_TEXT_MESSAGES, userTextProblem } from './text.js';

describe('userTextProblem', () => {
  it.each([
    ['a C0 control', 'Astra\u0007Vale'],
    ['a tab', 'Astra\tVale'],
    ['a line break in one line', 'Astra\nVale'],
    ['an escape', '\u001B[31mAstra'],
    ['DEL', 'Astra\u007F'],
    ['a C1 control', 'Astra\u0085Vale'],
    ['a C1 control (CSI)', 'Astra\u009BVale'],
  ])('refuses %s', (_what, text) => {
    expect(userTextProblem(text)).toBe(USER_TEXT_MESSAGES.controlCharacters);
  });

  it.each([
    ['a right-to-left override', 'Astra\u202Eelav'],
    ['a left-to-right override', '\u202DAstra'],
    ['an embedding', '\u202AAstra\u202C'],
    ['a right-to-left isolate', '\u2067Astra\u2069'],
    ['a first-strong isolate', '\u2068Astra'],
  ])('refuses %s', (_what, text) => {
    expect(userTextProblem(text)).toBe(USER_TEXT_MESSAGES.directionControls);
  });

  it('lets line breaks through in a text of several lines, but no other control', () => {
    expect(userTextProblem('Hello,\r\nmy hero is gone.\nThanks', { multiline: true })).toBeNull();
    expect(userTextProblem('Hello,\tthere', { multiline: true })).toBe(USER_TEXT_MESSAGES.controlCharacters);
    expect(userTextProblem('Hello \u202Ethere', { multiline: true })).toBe(
      USER_TEXT_MESSAGES.directionControls,
    );
  });

  it.each([
    'Lyra Moonwhisper',
    'Chloé Zoë François',
    'שלום עולם',
    'محمد\u200F 2',
    'abc\u200E123',
    '李小龍',
    '👩‍🚀 Nova',
    '<img src=x>',
  ])('lets ordinary writing through, right-to-left marks too: %j', (text) => {
    expect(userTextProblem(text)).toBeNull();
  });

  it('is stricter than what storage needs', () => {
    expect(isAcceptableText('a\u202Eb')).toBe(true);
    expect(userTextProblem('a\u202Eb')).not.toBeNull();
  });
});
