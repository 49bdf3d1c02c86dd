import { ErrorCodes, MODERATION_MESSAGES, USER_TEXT_MESSAGES } from '@starborn/contracts';
import { validMessage, validTitle } from './validation.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};

describe('validTitle (creation and rename)', () => {
  it('refuses a title the content filter refuses, without repeating it', () => {
    expect(refusal(() => validTitle('  The   S.H.I.T   Saga '))).toMatchObject({
      status: 400,
      code: ErrorCodes.CONTENT_NOT_ALLOWED,
      message: MODERATION_MESSAGES.roomTitle,
    });
  });

  it('keeps an ordinary title, spaces collapsed, and answers null for none', () => {
    expect(validTitle('  The  Cockatrice   of Essex ')).toBe('The Cockatrice of Essex');
    expect(validTitle('   ')).toBeNull();
    expect(validTitle(undefined)).toBeNull();
  });
});

describe('validMessage', () => {
  it('refuses a message the content filter refuses', () => {
    expect(refusal(() => validMessage('well fμck'))).toMatchObject({
      status: 400,
      code: ErrorCodes.CONTENT_NOT_ALLOWED,
      message: MODERATION_MESSAGES.chatMessage,
    });
  });

  it('keeps an ordinary message, trimmed', () => {
    expect(validMessage('  The pen is mightier than the sword.  ')).toBe(
      'The pen is mightier than the sword.',
    );
  });
});

describe('user text rules (titles and chat)', () => {
  it.each([
    ['a right-to-left override', 'The \u202Eeulb Saga', USER_TEXT_MESSAGES.directionControls],
    ['an isolate', '\u2067The Saga\u2069', USER_TEXT_MESSAGES.directionControls],
    ['a C0 control', 'The\u0007Saga', USER_TEXT_MESSAGES.controlCharacters],
    ['a C1 control', 'The\u009BSaga', USER_TEXT_MESSAGES.controlCharacters],
    ['a line break', 'The\nSaga', USER_TEXT_MESSAGES.controlCharacters],
  ])('refuses %s in a title and in a chat message', (_what, text, message) => {
    const expected = { status: 400, code: ErrorCodes.VALIDATION_FAILED, message };
    expect(refusal(() => validTitle(text))).toMatchObject(expected);
    expect(refusal(() => validMessage(text))).toMatchObject(expected);
  });

  it('keeps right-to-left writing and its marks', () => {
    expect(validTitle('סיפור \u200Fשל\u200F לילה')).toBe('סיפור \u200Fשל\u200F לילה');
    expect(validMessage('مرحبا 123\u200E!')).toBe('مرحبا 123\u200E!');
  });
});
