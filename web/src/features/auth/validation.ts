/** Client-side form rules of spec §5; the server validates again (e.g. password length). */
export const VALIDATION_MESSAGES = {
  required: 'Please fill in all fields',
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
  return null;
}

export function validateRegister(form: RegisterForm): string | null {
  if ([form.name, form.email, form.password, form.confirmPassword].some(blank))
    return VALIDATION_MESSAGES.required;
  if (form.password !== form.confirmPassword) return VALIDATION_MESSAGES.passwordMismatch;
  return null;
}
