import type { AuthStatus, AuthUser, LoginRequest, RegisterRequest } from '@pixtract/contracts';
import { ACCOUNT_DATA, api } from '../../app/api';

/** The seed: auth status is refetched on mount, on window focus and every 60 s. */
const AUTH_REFRESH_MS = 60_000;

const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthStatus: build.query<AuthStatus, void>({
      query: () => '/auth/status',
      providesTags: ['Auth'],
    }),
    login: build.mutation<AuthUser, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      invalidatesTags: ACCOUNT_DATA,
    }),
    register: build.mutation<AuthUser, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      invalidatesTags: ['Auth'],
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      invalidatesTags: ACCOUNT_DATA,
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;

/** The visitor's sign-in state, kept fresh the way the seed does. */
export const useAuthStatus = () =>
  authApi.useGetAuthStatusQuery(undefined, {
    refetchOnFocus: true,
    refetchOnMountOrArgChange: true,
    pollingInterval: AUTH_REFRESH_MS,
  });
