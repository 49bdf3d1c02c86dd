/**
 * Hero endpoints on the app's API slice. The hero page reads getHero; the wizard creates
 * and generates; the list and the wizard's up-front limit check read getUserHeroes.
 */
import { api } from '../../app/api';
import type { ArtVersionDto, ArtVersionsDto } from '@starborn/contracts';
import { stripPreviewPrefix, type Hero } from './types';

/** POST /api/heroes and POST /api/heroes/generate/{heroId} answer the hero under `hero`. */
interface HeroEnvelope {
  hero?: Hero | null;
}

const heroOfEnvelope = (answer: HeroEnvelope | null): Hero | null => answer?.hero ?? null;

export interface CreateHeroRequest {
  heroName: string;
  /** 'YYYY-MM-DD' (the server also takes an ISO 8601 date-time) */
  birthdate: string;
  /** 32 lowercase hex characters, made by the client (newHeroId). */
  heroId: string;
  userId: string;
}

const withHeroTags = api.enhanceEndpoints({ addTagTypes: ['Hero', 'UserHeroes', 'ArtVersions'] });

export const heroesApi = withHeroTags.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/heroes/{id} without the 'preview-' prefix. The first load is a plain GET; refetches
     * (polling, realtime notices, Try Again) add ?t={timestamp} so no cache answers for the server.
     */
    getHero: build.query<Hero, string>({
      async queryFn(id, queryApi, _extra, baseQuery) {
        const heroId = stripPreviewPrefix(id);
        const url = `/heroes/${encodeURIComponent(heroId)}`;
        const result = await baseQuery(queryApi.forced ? { url, params: { t: Date.now() } } : url);
        if (result.error) return { error: result.error };
        const hero = result.data as Hero | null;
        if (!hero?.id) {
          return { error: { kind: 'unknown', message: 'Failed to load hero data. Please try again.' } };
        }
        return { data: hero };
      },
      providesTags: (_result, _error, id) => [{ type: 'Hero', id: stripPreviewPrefix(id) }],
    }),

    /** GET /api/user/heroes → { heroes }, newest first. */
    getUserHeroes: build.query<Hero[], void>({
      query: () => '/user/heroes',
      transformResponse: (answer: { heroes: Hero[] }) => answer.heroes,
      providesTags: ['UserHeroes'],
    }),

    /** POST /api/heroes → { hero }. Resolves with null when the server answered without a hero. */
    createHero: build.mutation<Hero | null, CreateHeroRequest>({
      query: (body) => ({ url: '/heroes', method: 'POST', body }),
      transformResponse: heroOfEnvelope,
      invalidatesTags: ['UserHeroes'],
    }),

    /**
     * POST /api/heroes/generate/{heroId}: answers when generation ends (200) or with the hero still
     * generating after the server's wait (202), as { hero }. Whatever it brings goes into the hero
     * page's cache.
     */
    generateHero: build.mutation<Hero | null, string>({
      query: (heroId) => ({ url: `/heroes/generate/${encodeURIComponent(heroId)}`, method: 'POST' }),
      transformResponse: heroOfEnvelope,
      async onQueryStarted(heroId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data) dispatch(heroesApi.util.upsertQueryData('getHero', heroId, data));
        } catch {
          // The caller decides what a failed generation means; the hero page refetches anyway.
        }
        dispatch(heroesApi.util.invalidateTags(['UserHeroes']));
      },
    }),

    /** GET /api/heroes/{heroId}/art/versions: every version of a hero's art, oldest first. */
    getArtVersions: build.query<ArtVersionsDto, string>({
      query: (heroId) => `/heroes/${encodeURIComponent(heroId)}/art/versions`,
      providesTags: (_result, _error, heroId) => [{ type: 'ArtVersions', id: heroId }],
    }),

    /** POST /api/heroes/{heroId}/art/recreate → 202 { version }: a premium hero's art made anew. */
    recreateArt: build.mutation<ArtVersionDto, string>({
      query: (heroId) => ({ url: `/heroes/${encodeURIComponent(heroId)}/art/recreate`, method: 'POST' }),
      transformResponse: (answer: { version: ArtVersionDto }) => answer.version,
      invalidatesTags: (_result, _error, heroId) => [{ type: 'ArtVersions', id: heroId }],
    }),

    /** PUT /api/heroes/{heroId}/art/current { version } → { hero }: the version the hero shows. */
    chooseArt: build.mutation<Hero | null, { heroId: string; version: number }>({
      query: ({ heroId, version }) => ({
        url: `/heroes/${encodeURIComponent(heroId)}/art/current`,
        method: 'PUT',
        body: { version },
      }),
      transformResponse: heroOfEnvelope,
      async onQueryStarted({ heroId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data) dispatch(heroesApi.util.upsertQueryData('getHero', heroId, data));
        } catch {
          // The panel shows the server's message.
        }
      },
      invalidatesTags: (_result, _error, { heroId }) => [{ type: 'ArtVersions', id: heroId }, 'UserHeroes'],
    }),
  }),
});

export const {
  useGetHeroQuery,
  useGetUserHeroesQuery,
  useCreateHeroMutation,
  useGenerateHeroMutation,
  useGetArtVersionsQuery,
  useRecreateArtMutation,
  useChooseArtMutation,
} = heroesApi;
