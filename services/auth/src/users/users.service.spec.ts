import { ServiceError } from '@starborn/contracts';
import { validateName, validatePasswordChange } from './users.service.js';

const refusal = (check: () => unknown) => {
  try {
    check();
  } catch (error) {
    return error instanceof ServiceError ? { status: error.status, message: error.message } : error;
  }
  return undefined;
};

describe('validateName', () => {
  it('trims the name and holds it to registration’s length', () => {
    expect(validateName('  Vega ')).toBe('Vega');
    expect(validateName('n'.repeat(100))).toHaveLength(100);
    expect(refusal(() => validateName(' \t '))).toEqual({ status: 400, message: 'Please enter your name' });
    expect(refusal(() => validateName(undefined))).toEqual({
      status: 400,
      message: 'Please enter your name',
    });
    expect(refusal(() => validateName('n'.repeat(101)))).toEqual({
      status: 400,
      message: 'Name must be at most 100 characters long',
    });
  });
});

describe('validatePasswordChange', () => {
  const change = (currentPassword: unknown, newPassword: unknown) =>
    validatePasswordChange({ userId: 'u', currentPassword, newPassword } as never);

  it('keeps both passwords as typed, spaces included', () => {
    expect(change('old password', ' new password ')).toEqual({
      currentPassword: 'old password',
      newPassword: ' new password ',
    });
  });

  it('needs both, a new one within the password rules and unlike the current one', () => {
    expect(refusal(() => change('', 'new-password'))).toEqual({
      status: 400,
      message: 'Please fill in all fields',
    });
    expect(refusal(() => change('old-password', undefined))).toEqual({
      status: 400,
      message: 'Please fill in all fields',
    });
    expect(refusal(() => change('old-password', 'seven77'))).toEqual({
      status: 400,
      message: 'Password must be at least 8 characters long',
    });
    expect(refusal(() => change('old-password', 'p'.repeat(257)))).toEqual({
      status: 400,
      message: 'Password must be at most 256 characters long',
    });
    expect(refusal(() => change('old-password', 'old-password'))).toEqual({
      status: 400,
      message: 'Your new password must be different from your current password',
    });
  });
});
