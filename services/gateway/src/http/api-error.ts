import type { ErrorShape } from '@starborn/contracts';

/**
 * The body of every error answer: the wire shape, plus `error` (the message, unless the service gave a
 * separate title) because the product's client reads a server message from a field named `error`.
 */
export interface ApiErrorBody extends ErrorShape {
  error: string;
}

export const apiErrorBody = (shape: ErrorShape): ApiErrorBody => ({
  ...shape,
  error: shape.error ?? shape.message,
});
