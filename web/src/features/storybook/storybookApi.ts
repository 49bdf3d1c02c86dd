/**
 * Storybook endpoints on the app's API slice: the hero's storybook, a chapter pack unlock, the
 * unlock after a chapters payment (3 s time-out), and the book's download (EPUB, PDF). The chapters
 * panel reads the storybook from the query's cache (the hook, or selectStoryBook), so no slice keeps
 * a copy of it.
 */
import { api } from '../../app/api';
import type { AppDispatch, RootState } from '../../app/store';
import { bookFileName, saveDownload, type BookFormat } from '../payments/download';
import { isPreviewId } from '../heroes/types';
import { CHAPTERS_PER_PACK, UNLOCK_AFTER_PAYMENT_TIMEOUT_MS, type StoryBookView } from './storybook';

const withStoryBookTags = api.enhanceEndpoints({ addTagTypes: ['StoryBook'] });

/** The storybook GET is skipped for an empty id or a 'preview-' id (a preview has no storybook). */
export function skipsStoryBook(heroId: string): boolean {
  return heroId === '' || isPreviewId(heroId);
}

export const storybookApi = withStoryBookTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/heroes/{heroId}/storybook → { storyBook, chapters } (storyBook null while set up: 202). */
    getStoryBook: build.query<StoryBookView, string>({
      query: (heroId) => `/heroes/${encodeURIComponent(heroId)}/storybook`,
      providesTags: (_result, _error, heroId) => [{ type: 'StoryBook', id: heroId }],
    }),

    /** POST /api/storybook/{storyBookId} { count: 3 }: spends an unused chapter purchase of this story. */
    unlockChapters: build.mutation<StoryBookView, { heroId: string; storyBookId: string }>({
      query: ({ storyBookId }) => ({
        url: `/storybook/${encodeURIComponent(storyBookId)}`,
        method: 'POST',
        body: { count: CHAPTERS_PER_PACK },
      }),
      async onQueryStarted({ heroId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.storyBook) dispatch(storybookApi.util.upsertQueryData('getStoryBook', heroId, data));
        } catch {
          // The caller shows the server's words.
        }
      },
    }),

    /**
     * POST /api/storybook/{heroId}/unlock-after-payment, given up after 3 s. Use it through
     * unlockAfterChaptersPayment, which fetches the storybook again whatever it answers.
     */
    unlockAfterPayment: build.mutation<StoryBookView, string>({
      query: (heroId) => ({
        url: `/storybook/${encodeURIComponent(heroId)}/unlock-after-payment`,
        method: 'POST',
        timeout: UNLOCK_AFTER_PAYMENT_TIMEOUT_MS,
      }),
    }),

    /**
     * GET /api/heroes/{heroId}/storybook/export?format=epub|pdf: the illustrated book, saved right here
     * (as the assets download) under the name the server gives it, after the hero. Resolves with the
     * file name.
     */
    downloadStoryBook: build.mutation<string, { heroId: string; format: BookFormat }>({
      queryFn: ({ heroId, format }, _api, _extra, baseQuery) =>
        saveDownload(
          baseQuery,
          `/heroes/${encodeURIComponent(heroId)}/storybook/export?format=${format}`,
          bookFileName(heroId, format),
        ),
    }),
  }),
});

/**
 * The cache entry of a hero's storybook: its data (kept through a failed refetch), and whether a
 * request is on its way (isLoading) or the last one failed (isError).
 */
export function selectStoryBook(heroId: string) {
  const select = storybookApi.endpoints.getStoryBook.select(heroId);
  // The store's state type knows the API slice before its endpoints were injected: same state.
  return (state: RootState) => select(state as Parameters<typeof select>[0]);
}

export const {
  useGetStoryBookQuery,
  useUnlockChaptersMutation,
  useUnlockAfterPaymentMutation,
  useDownloadStoryBookMutation,
} = storybookApi;

/**
 * After a chapters payment, call unlock-after-payment (3 s time-out), then refetch the
 * storybook. A failure is only logged: the storybook shown is then the server's as it stands.
 */
export async function unlockAfterChaptersPayment(dispatch: AppDispatch, heroId: string): Promise<void> {
  if (skipsStoryBook(heroId)) return;
  const request = dispatch(storybookApi.endpoints.unlockAfterPayment.initiate(heroId));
  try {
    await request.unwrap();
  } catch (error) {
    console.warn('Unlocking the purchased chapters did not finish; showing the storybook as it is.', error);
  } finally {
    request.reset();
  }
  dispatch(storybookApi.util.invalidateTags([{ type: 'StoryBook', id: heroId }]));
}
