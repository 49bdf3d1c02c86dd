/**
 * The account forms' rules, checked before sending with the server's own limits and words; the
 * server checks them again. Each rule answers the problem of one field, so the message sits under it.
 */
import {
  ACCOUNT_MESSAGES,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@starborn/contracts';
import { VALIDATION_MESSAGES } from '../auth/validation';

export interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordForm, string>>;

/** The problem with a display name, or null when it may be sent. */
export function displayNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return ACCOUNT_MESSAGES.nameRequired;
  if (trimmed.length > NAME_MAX_LENGTH) return ACCOUNT_MESSAGES.nameTooLong;
  return null;
}

/** The problems of the password form by field; empty when it may be sent. */
export function passwordFormErrors(form: PasswordForm): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!form.currentPassword) errors.currentPassword = ACCOUNT_MESSAGES.currentPasswordRequired;
  if (!form.newPassword) errors.newPassword = 'Please enter a new password';
  else if (form.newPassword.length < PASSWORD_MIN_LENGTH)
    errors.newPassword = ACCOUNT_MESSAGES.passwordTooShort;
  else if (form.newPassword.length > PASSWORD_MAX_LENGTH)
    errors.newPassword = ACCOUNT_MESSAGES.passwordTooLong;
  else if (form.newPassword === form.currentPassword) errors.newPassword = ACCOUNT_MESSAGES.samePassword;
  if (!errors.newPassword && form.confirmPassword !== form.newPassword)
    errors.confirmPassword = VALIDATION_MESSAGES.passwordMismatch;
  return errors;
}

/** Which field a server refusal belongs to: a wrong current password, else the new one. */
export function passwordFieldOf(message: string): keyof PasswordForm {
  return message === ACCOUNT_MESSAGES.wrongCurrentPassword ? 'currentPassword' : 'newPassword';
}
