import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_SUPPORT_CATEGORY,
  SUPPORT_CATEGORIES,
  SUPPORT_MESSAGES,
  isValidEmail,
  toSupportRequest,
  validateSupportForm,
} from './validation';

const valid = { name: 'Lyra', email: 'lyra@starborn.test', message: 'My hero is stuck.' };

describe('validateSupportForm', () => {
  it('accepts a form with name, email and message', () => {
    expect(validateSupportForm(valid)).toBeNull();
  });

  it.each(['name', 'email', 'message'] as const)('requires %s (blank counts as empty)', (key) => {
    expect(validateSupportForm({ ...valid, [key]: '' })).toBe('Please fill in all required fields');
    expect(validateSupportForm({ ...valid, [key]: '  \n ' })).toBe(SUPPORT_MESSAGES.required);
  });

  it('checks required fields before the email format', () => {
    expect(validateSupportForm({ name: '', email: 'not-an-email', message: '' })).toBe(
      SUPPORT_MESSAGES.required,
    );
  });

  it('rejects a malformed email with its published message', () => {
    for (const email of [
      'lyra',
      'lyra@',
      '@starborn.test',
      'lyra@starborn',
      'ly ra@starborn.test',
      'a@b@c.de',
      'a@.de',
      'a@b.',
    ]) {
      expect(validateSupportForm({ ...valid, email })).toBe('Please enter a valid email address');
    }
  });

  it('accepts ordinary addresses, ignoring surrounding spaces', () => {
    for (const email of ['a@b.co', ' first.last+tag@mail.example.org ', 'o’neil@example.ie']) {
      expect(isValidEmail(email)).toBe(true);
    }
  });
});

describe('toSupportRequest', () => {
  it('trims every text and keeps the category', () => {
    expect(
      toSupportRequest({
        name: ' Lyra ',
        email: ' l@s.test ',
        subject: '  ',
        message: ' Hi \n',
        category: 'billing',
      }),
    ).toEqual({ name: 'Lyra', email: 'l@s.test', subject: '', message: 'Hi', category: 'billing' });
  });

  it('offers the five spec categories, general-inquiry by default', () => {
    expect(SUPPORT_CATEGORIES).toEqual([
      'general-inquiry',
      'technical-issue',
      'billing',
      'account',
      'feature-request',
    ]);
    expect(DEFAULT_SUPPORT_CATEGORY).toBe('general-inquiry');
  });
});
