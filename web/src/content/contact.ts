/**
 * Contact facts shown on the support, legal and partnership pages, in one place so they can be
 * changed together. The addresses follow the `starbornhero` handles of the footer (to be confirmed).
 */
export const CONTACT = {
  supportEmail: 'support@starbornhero.com',
  privacyEmail: 'privacy@starbornhero.com',
  legalEmail: 'legal@starbornhero.com',
  partnersEmail: 'partners@starbornhero.com',
} as const;

/** Word for word as published. */
export const SUPPORT_HOURS_TEXT =
  'Mon-Fri 9 AM-8 PM ET, Sat 10 AM-6 PM ET, Sun closed; live chat weekdays 9-5 ET; email responses within 24 hours';

/** The same hours as a table for the support page (every value is taken from the sentence above). */
export const SUPPORT_HOURS: ReadonlyArray<{ days: string; hours: string }> = [
  { days: 'Mon-Fri', hours: '9 AM-8 PM ET' },
  { days: 'Sat', hours: '10 AM-6 PM ET' },
  { days: 'Sun', hours: 'closed' },
];

export const LIVE_CHAT_HOURS = 'weekdays 9-5 ET';
export const EMAIL_RESPONSE_TIME = 'within 24 hours';

/** Date shown as "Last updated" on the legal documents (ISO, rendered in words). */
export const LEGAL_LAST_UPDATED = '2026-11-27';
