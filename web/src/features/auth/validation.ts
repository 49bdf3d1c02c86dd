import { isValidEmail, SUPPORT_MESSAGES } from '../support/validation';

/**
 * The sign-in and sign-up form rules, checked before sending; the server validates again (e.g. password
 * length). An email that is not one is refused here, so a typo never reaches the server.
 */
export const VALIDATION_MESSAGES = {
  required: 'Please fill in all fields',
  invalidEmail: SUPPORT_MESSAGES.invalidEmail,
  passwordMismatch: 'Passwords do not match',
} as const;

export interface LoginForm {
  email: string;
  password: string;
}

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

const blank = (value: string) => value.trim() === '';

/** Returns the message to show, or null when the form may be sent. */
export function validateLogin(form: LoginForm): string | null {
  if (blank(form.email) || blank(form.password)) return VALIDATION_MESSAGES.required;
  if (!isValidEmail(form.email)) return VALIDATION_MESSAGES.invalidEmail;
  return null;
}

export function validateRegister(form: RegisterForm): string | null {
  if ([form.name, form.email, form.password, form.confirmPassword].some(blank))
    return VALIDATION_MESSAGES.required;
  if (!isValidEmail(form.email)) return VALIDATION_MESSAGES.invalidEmail;
  if (form.password !== form.confirmPassword) return VALIDATION_MESSAGES.passwordMismatch;
  return null;
}
