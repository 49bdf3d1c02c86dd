/** Sharing endpoints: create a link, read a shared hero, list and switch off the user's links. */
import { api } from '../../app/api';
import { SHARED_HERO_FAILED, type SharedHero, type SharedLink } from './shares';

const withShareTags = api.enhanceEndpoints({ addTagTypes: ['SharedLinks'] });

export const sharesApi = withShareTags.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/heroes/{id}/share → 201 the link. */
    createShareLink: build.mutation<SharedLink, string>({
      async queryFn(heroId, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: `/heroes/${encodeURIComponent(heroId)}/share`,
          method: 'POST',
        });
        if (result.error) return { error: result.error };
        const link = result.data as SharedLink | null;
        if (!link?.id) return { error: { kind: 'unknown', message: 'Failed to create the share link.' } };
        return { data: link };
      },
      invalidatesTags: ['SharedLinks'],
    }),

    /** GET /api/share/{shareId} (public). */
    getSharedHero: build.query<SharedHero, string>({
      async queryFn(shareId, _api, _extra, baseQuery) {
        const result = await baseQuery(`/share/${encodeURIComponent(shareId)}`);
        if (result.error) return { error: result.error };
        const hero = (result.data as { hero?: SharedHero | null } | null)?.hero;
        if (!hero?.name) return { error: { kind: 'unknown', message: SHARED_HERO_FAILED } };
        return { data: hero };
      },
    }),

    getUserShares: build.query<SharedLink[], void>({
      query: () => '/user/shares',
      transformResponse: (answer: { sharedLinks: SharedLink[] }) => answer.sharedLinks,
      providesTags: ['SharedLinks'],
    }),

    /** DELETE /api/shares/{id} → the link, now inactive (a link turned off stays off). */
    deactivateShareLink: build.mutation<SharedLink, string>({
      query: (id) => ({ url: `/shares/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['SharedLinks'],
    }),
  }),
});

export const {
  useCreateShareLinkMutation,
  useGetSharedHeroQuery,
  useGetUserSharesQuery,
  useDeactivateShareLinkMutation,
} = sharesApi;
