/** The provider reports that the account's quota or billing limit is exhausted. Retrying will not help. */
export class AiQuotaExceededError extends Error {
  override readonly name = 'AiQuotaExceededError';
  constructor(message = 'The AI provider quota is exhausted.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Any other provider failure. `retryable` says whether the same request may succeed later. */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  readonly retryable: boolean;
  /** HTTP status of the provider's answer, when there was one. */
  readonly status?: number;
  constructor(message: string, options: { retryable: boolean; status?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.retryable = options.retryable;
    if (options.status !== undefined) this.status = options.status;
  }
}

/** The AI configuration is unusable (e.g. AI_PROVIDER=openai without OPENAI_API_KEY). */
export class AiConfigError extends Error {
  override readonly name = 'AiConfigError';
}
