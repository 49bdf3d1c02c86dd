import { ErrorCodes, MODERATION_MESSAGES } from '@starborn/contracts';
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
