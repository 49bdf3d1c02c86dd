/**
 * Payment endpoints on the app's API slice: the provider's configuration, the AI-quota
 * check that runs before checkout, the payment intent, the local provider's card confirmation, the
 * premium switch after payment, and the hero assets download.
 */
import { api } from '../../app/api';
import type { Hero } from '../heroes/types';
import { heroesApi } from '../heroes/heroesApi';
import type { CardPayload, PaymentType } from './checkout';
import { downloadFileName, saveDownload } from './download';

export interface PaymentsConfig {
  provider: 'local' | 'stripe';
  publishableKey: string | null;
  currency: string;
}

export interface CreatePaymentIntentRequest {
  amount: number;
  currency: 'usd';
  heroId: string;
  walletAddress: string;
  /** true buys chapters (the server reads it like paymentType 'chapters'). */
  unlockChapters: boolean;
  paymentType: PaymentType;
  is_test: boolean;
  /** Where the receipt goes (the checkout's Email Address). */
  email: string;
}

export interface PaymentIntent {
  clientSecret: string;
  paymentIntentId: string;
  /** The server's price, in cents. */
  amount: number;
  currency: string;
  provider: string;
  paymentType: PaymentType;
}

export interface CheckoutQuote {
  paymentType: PaymentType;
  /** In cents. */
  amount: number;
  currency: string;
}

export interface ConfirmLocalPaymentRequest {
  clientSecret: string;
  card: CardPayload;
}

function normalizeConfig(value: unknown): PaymentsConfig {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    provider: v.provider === 'stripe' ? 'stripe' : 'local',
    publishableKey: typeof v.publishableKey === 'string' ? v.publishableKey : null,
    currency: typeof v.currency === 'string' ? v.currency : 'usd',
  };
}

function normalizeIntent(value: unknown): PaymentIntent {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    clientSecret: typeof v.clientSecret === 'string' ? v.clientSecret : '',
    paymentIntentId: typeof v.paymentIntentId === 'string' ? v.paymentIntentId : '',
    amount: typeof v.amount === 'number' ? v.amount : 0,
    currency: typeof v.currency === 'string' ? v.currency : 'usd',
    provider: typeof v.provider === 'string' ? v.provider : 'local',
    paymentType: v.paymentType === 'chapters' ? 'chapters' : 'premium_upgrade',
  };
}

export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentsConfig: build.query<PaymentsConfig, void>({
      query: () => '/payments/config',
      transformResponse: normalizeConfig,
    }),

    /**
     * GET /api/status/openai-quota. A 429 is an answer here, not a failure: the page reads
     * { isQuotaExceeded, message } either way (the 429 also arrives as an ApiError with the message).
     */
    checkAiQuota: build.query<{ isQuotaExceeded: boolean; message?: string }, void>({
      query: () => '/status/openai-quota',
      keepUnusedDataFor: 0,
    }),

    /**
     * GET /api/payments/quote: the price the checkout shows, by the server's sale rules, without
     * opening a payment (a 409 says why nothing can be bought). Asked again on each visit.
     */
    getCheckoutQuote: build.query<CheckoutQuote, { heroId: string; paymentType: PaymentType }>({
      query: ({ heroId, paymentType }) => ({ url: '/payments/quote', params: { heroId, paymentType } }),
      keepUnusedDataFor: 0,
    }),

    createPaymentIntent: build.mutation<PaymentIntent, CreatePaymentIntentRequest>({
      query: (body) => ({ url: '/create-payment-intent', method: 'POST', body }),
      transformResponse: normalizeIntent,
    }),

    confirmLocalPayment: build.mutation<{ status: string }, ConfirmLocalPaymentRequest>({
      query: (body) => ({ url: '/payments/local/confirm', method: 'POST', body }),
    }),

    /** POST /api/heroes/setpremium/{heroId}; the hero it answers replaces the cached one. */
    setHeroPremium: build.mutation<Hero | null, string>({
      query: (heroId) => ({ url: `/heroes/setpremium/${encodeURIComponent(heroId)}`, method: 'POST' }),
      transformResponse: (hero: Hero | null) => (hero?.id ? hero : null),
      async onQueryStarted(heroId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data) dispatch(heroesApi.util.upsertQueryData('getHero', heroId, data));
        } catch {
          // The page says what went wrong.
        }
        dispatch(heroesApi.util.invalidateTags(['UserHeroes', { type: 'Hero', id: heroId }]));
      },
    }),

    /**
     * GET /api/heroes/{id}/download: the zip is saved as hero_{id}_assets.zip right here, so the
     * blob never enters the store. Resolves with the file name; fails with the message the page shows.
     */
    downloadHeroAssets: build.mutation<string, string>({
      queryFn: (heroId, _api, _extra, baseQuery) =>
        saveDownload(baseQuery, `/heroes/${encodeURIComponent(heroId)}/download`, downloadFileName(heroId)),
    }),
  }),
});

export const {
  useGetPaymentsConfigQuery,
  useCheckAiQuotaQuery,
  useGetCheckoutQuoteQuery,
  useCreatePaymentIntentMutation,
  useConfirmLocalPaymentMutation,
  useSetHeroPremiumMutation,
  useDownloadHeroAssetsMutation,
} = paymentsApi;
