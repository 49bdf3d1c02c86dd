export const SUPPORT_CATEGORIES = [
  'general-inquiry',
  'technical-issue',
  'billing',
  'account',
  'feature-request',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export interface CreateSupportRequestCommand {
  name: string;
  email: string;
  subject: string;
  message: string;
  category: SupportCategory;
  /** The signed-in user, if any. */
  userId: string | null;
}

/** A stored request: what was sent, with its id and time. */
export interface SupportRequestDto extends CreateSupportRequestCommand {
  id: string;
  createdAt: string;
}
