import { describe, expect, it } from '@jest/globals';
import { displayNameError, passwordFieldOf, passwordFormErrors } from './accountForms';

describe('display name', () => {
  it('is required and at most 100 characters, counted without the spaces around it', () => {
    expect(displayNameError('   ')).toBe('Please enter your name');
    expect(displayNameError('n'.repeat(101))).toBe('Name must be at most 100 characters long');
    expect(displayNameError(`  ${'n'.repeat(100)}  `)).toBeNull();
    expect(displayNameError('Vega')).toBeNull();
  });
});

describe('password form', () => {
  const valid = {
    currentPassword: 'old-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  it('sends a form with the current password and a confirmed new one', () => {
    expect(passwordFormErrors(valid)).toEqual({});
  });

  it('names the field of each problem, with the server’s wording', () => {
    expect(passwordFormErrors({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Please enter your current password',
      newPassword: 'Please enter a new password',
    });
    expect(passwordFormErrors({ ...valid, newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters long',
    });
    const long = 'p'.repeat(257);
    expect(passwordFormErrors({ ...valid, newPassword: long, confirmPassword: long })).toEqual({
      newPassword: 'Password must be at most 256 characters long',
    });
    expect(
      passwordFormErrors({ ...valid, newPassword: 'old-password', confirmPassword: 'old-password' }),
    ).toEqual({
      newPassword: 'Your new password must be different from your current password',
    });
    expect(passwordFormErrors({ ...valid, confirmPassword: 'new-passwort' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('puts a refusal of the current password under it, any other under the new one', () => {
    expect(passwordFieldOf('Your current password is incorrect.')).toBe('currentPassword');
    expect(passwordFieldOf('Password must be at least 8 characters long')).toBe('newPassword');
  });
});
