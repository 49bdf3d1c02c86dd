/** Support form rules. Pure; the server checks the same rules again. */
import type { SupportCategory } from '@starborn/contracts';

export { SUPPORT_CATEGORIES } from '@starborn/contracts';
export type { SupportCategory };

export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  'general-inquiry': 'General Inquiry',
  'technical-issue': 'Technical Issue',
  billing: 'Billing',
  account: 'Account',
  'feature-request': 'Feature Request',
};

export const DEFAULT_SUPPORT_CATEGORY: SupportCategory = 'general-inquiry';

/** The server's limits (gateway SupportRequestBody). */
export const SUPPORT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export const SUPPORT_MESSAGES = {
  required: 'Please fill in all required fields',
  invalidEmail: 'Please enter a valid email address',
  failed: 'There was a problem submitting your request. Please try again later.',
} as const;

export interface SupportForm {
  name: string;
  email: string;
  subject: string;
  message: string;
  category: SupportCategory;
}

/** One address with a local part, an @, and a domain with a dot; no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** The message to show, or null when the form may be sent. Blank means empty after trimming. */
export function validateSupportForm(form: Pick<SupportForm, 'name' | 'email' | 'message'>): string | null {
  if ([form.name, form.email, form.message].some((value) => value.trim() === ''))
    return SUPPORT_MESSAGES.required;
  if (!isValidEmail(form.email)) return SUPPORT_MESSAGES.invalidEmail;
  return null;
}

/** What is sent: every text trimmed, the category as chosen. */
export function toSupportRequest(form: SupportForm): SupportForm {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject.trim(),
    message: form.message.trim(),
    category: form.category,
  };
}
