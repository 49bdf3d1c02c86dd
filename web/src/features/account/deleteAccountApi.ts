import type { UserDeletedDto } from '@starborn/contracts';
import { api } from '../../app/api';

export const deleteAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /api/user with the current password: the account and everything of it go. */
    deleteAccount: build.mutation<UserDeletedDto, { password: string }>({
      query: (body) => ({ url: '/user', method: 'DELETE', body }),
    }),
  }),
});

export const { useDeleteAccountMutation } = deleteAccountApi;
