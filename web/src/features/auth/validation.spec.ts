import { describe, expect, it } from '@jest/globals';
import { validateLogin, validateRegister } from './validation';

describe('validateLogin', () => {
  it('requires email and password', () => {
    expect(validateLogin({ email: '', password: '' })).toBe('Please fill in all fields');
    expect(validateLogin({ email: 'a@b.c', password: '' })).toBe('Please fill in all fields');
    expect(validateLogin({ email: '   ', password: 'secret' })).toBe('Please fill in all fields');
    expect(validateLogin({ email: 'a@b.c', password: 'secret' })).toBeNull();
  });

  it('refuses an email that is not one before anything is sent', () => {
    for (const email of ['someone', 'someone@starborn', 'some one@starborn.test', 'a@@b.c']) {
      expect(validateLogin({ email, password: 'secret' })).toBe('Please enter a valid email address');
    }
    expect(validateLogin({ email: '  someone@starborn.test  ', password: 'secret' })).toBeNull();
  });
});

describe('validateRegister', () => {
  const form = {
    name: 'Lyra',
    email: 'lyra@starborn.test',
    password: 'stardust42',
    confirmPassword: 'stardust42',
  };

  it('requires all four fields', () => {
    for (const field of Object.keys(form) as Array<keyof typeof form>) {
      expect(validateRegister({ ...form, [field]: '' })).toBe('Please fill in all fields');
    }
  });

  it('requires matching passwords', () => {
    expect(validateRegister({ ...form, confirmPassword: 'stardust43' })).toBe('Passwords do not match');
  });

  it('refuses an email that is not one, before comparing the passwords', () => {
    for (const email of ['lyra', 'lyra@starborn', 'lyra@starborn.', 'lyra starborn.test']) {
      expect(validateRegister({ ...form, email, confirmPassword: 'other' })).toBe(
        'Please enter a valid email address',
      );
    }
  });

  it('checks emptiness before matching', () => {
    expect(validateRegister({ ...form, name: '', confirmPassword: 'other' })).toBe(
      'Please fill in all fields',
    );
  });

  it('accepts a complete form', () => {
    expect(validateRegister(form)).toBeNull();
  });
});
