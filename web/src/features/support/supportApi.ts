import { api } from '../../app/api';
import { asApiError } from '../../app/apiErrors';
import type { SupportRequestDto } from '@starborn/contracts';
import { SUPPORT_MESSAGES, type SupportForm } from './validation';

/** POST /api/support answers 201 with the stored request. */
export type SupportRequest = SupportRequestDto;

export const supportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Visitors and signed-in users alike; the base query adds the bearer token when there is one. */
    submitSupportRequest: build.mutation<SupportRequest, SupportForm>({
      query: (body) => ({ url: '/support', method: 'POST', body }),
    }),
  }),
});

export const { useSubmitSupportRequestMutation } = supportApi;

export interface SupportFailure {
  /** The form's failure sentence, or the server's validation sentence for a refused form. */
  message: string;
  /** A second line with more detail, e.g. how long to wait after too many messages. */
  detail?: string;
}

/**
 * A 400 is a form the server refused: its sentence (the same wording as the form's own checks) says
 * what to fix. Anything else gets the form's failure sentence, plus the server's words for a 429.
 */
export function supportFailure(error: unknown): SupportFailure {
  const e = asApiError(error);
  if (e?.kind === 'http' && e.status === 400 && e.serverMessage) return { message: e.serverMessage };
  if (e?.kind === 'http' && e.status === 429 && e.serverMessage)
    return { message: SUPPORT_MESSAGES.failed, detail: e.serverMessage };
  return { message: SUPPORT_MESSAGES.failed };
}
