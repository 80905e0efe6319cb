import { z } from 'zod';
import {
  AuthErrorCode,
  AuthUser,
  authStatusSchema,
  authUserSchema,
  loggedOutSchema,
  loginRequestSchema,
  registerRequestSchema,
} from '../auth';
import { ErrorCode } from '../errors';
import {
  ExtractionHistoryItem,
  RecentImage,
  UserProfile,
  extractionHistoryItemSchema,
  recentImageSchema,
  userProfileSchema,
} from '../user';
import { ApiRoute, COMMON_REFUSALS, jsonAnswer, jsonBody, refusals } from './api-route';

const USER_EXAMPLE: AuthUser = {
  id: 42,
  username: 'ada',
  email: 'ada@example.com',
  displayName: 'Ada',
  role: 'registered',
  dailyLimit: 1500,
  usedToday: 120,
  maxImagesPerExtraction: 100,
  membershipPlan: 'free',
  membershipStatus: 'active',
  featureTier: 'registered',
  subscriptionExpiresAt: null,
  createdAt: '2025-01-15T09:30:00.000Z',
  usageStats: { remainingToday: 1380, percentUsed: 8, isAtLimit: false, isNearLimit: false },
};

const PROFILE_EXAMPLE: UserProfile = {
  username: 'ada',
  email: 'ada@example.com',
  role: 'registered',
  createdAt: '2025-01-15T09:30:00.000Z',
  currentUsage: 120,
  dailyLimit: 1500,
  totalExtractionsAllTime: 37,
  totalImagesExtracted: 912,
  quarterlyStats: {
    q1: { used: 400, total: 135_000 },
    q2: { used: 512, total: 136_500 },
    q3: { used: 0, total: 138_000 },
    q4: { used: 0, total: 138_000 },
    currentQuarter: 2,
  },
};

const SESSION_COOKIE_NOTE =
  'Signing in sets the `pixtract.sid` session cookie (HttpOnly, SameSite=Lax), which the other account routes read.';
const redirect = (description: string) => ({
  description,
  headers: z.object({ location: z.string().meta({ description: 'Where the browser goes next' }) }),
});

/** Relayed by the gateway to the auth service as they are (cookies and redirects both ways). */
export const ACCOUNT_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/api/auth/status',
    tags: ['Account'],
    summary: 'Who is signed in',
    responses: {
      200: jsonAnswer('Signed in with the user, or not.', authStatusSchema, {
        isAuthenticated: true,
        user: USER_EXAMPLE,
      }),
      ...refusals(COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'post',
    path: '/api/auth/register',
    tags: ['Account'],
    summary: 'Create an account',
    description: 'Does not sign in: POST /api/auth/login next. At most 5 per 10 minutes per client address.',
    request: {
      body: jsonBody(registerRequestSchema, {
        username: 'ada',
        password: 'correct horse battery',
        email: 'ada@example.com',
        displayName: 'Ada',
        subscribeNewsletter: false,
      }),
    },
    responses: {
      201: jsonAnswer('The new account.', authUserSchema, {
        ...USER_EXAMPLE,
        usedToday: 0,
        usageStats: { remainingToday: 1500, percentUsed: 0, isAtLimit: false, isNearLimit: false },
      }),
      ...refusals(
        { 400: [AuthErrorCode.NameReserved], 409: [AuthErrorCode.UsernameTaken], 429: [AuthErrorCode.TooManyRequests] },
        COMMON_REFUSALS.badBody,
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.authUnavailable,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tags: ['Account'],
    summary: 'Sign in with a password',
    description: `${SESSION_COOKIE_NOTE} The day's usage as a visitor carries over. At most 10 a minute per client address.`,
    request: { body: jsonBody(loginRequestSchema, { username: 'ada', password: 'correct horse battery' }) },
    responses: {
      200: jsonAnswer('Signed in.', authUserSchema, USER_EXAMPLE),
      ...refusals(
        { 401: [AuthErrorCode.InvalidCredentials], 429: [AuthErrorCode.TooManyRequests] },
        COMMON_REFUSALS.badBody,
        COMMON_REFUSALS.crossSite,
        COMMON_REFUSALS.authUnavailable,
      ),
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tags: ['Account'],
    summary: 'Sign out',
    description: 'Ends the session and clears its cookie; answers the same when no one was signed in.',
    responses: {
      200: jsonAnswer('Signed out.', loggedOutSchema, { success: true }),
      ...refusals(COMMON_REFUSALS.crossSite, COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'get',
    path: '/api/auth/google',
    tags: ['Account'],
    summary: 'Sign in with Google',
    description:
      'Starts Google sign-in (OpenID Connect, PKCE): a browser navigation, not an API call. Where Google sign-in is not configured, back to `/auth?error=GOOGLE_SIGN_IN_UNAVAILABLE`; `/auth/google` leads here.',
    responses: {
      302: redirect('To Google’s consent screen.'),
      ...refusals({ 404: [ErrorCode.NotFound] }, COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'get',
    path: '/api/auth/google/callback',
    tags: ['Account'],
    summary: 'Google sign-in’s return',
    description: `Where Google sends the browser back. ${SESSION_COOKIE_NOTE} A Google address that belongs to a password account is refused (409): sign in with the password, then link.`,
    request: { query: z.object({ code: z.string(), state: z.string() }) },
    responses: {
      302: redirect('Signed in: to the home page.'),
      ...refusals(
        { 403: [AuthErrorCode.GoogleSignInFailed], 404: [ErrorCode.NotFound], 409: [AuthErrorCode.GoogleSignInFailed] },
        COMMON_REFUSALS.authUnavailable,
      ),
    },
  },
  {
    method: 'get',
    path: '/api/user/profile',
    tags: ['Account'],
    summary: 'The member’s profile and usage',
    security: [{ session: [] }],
    responses: {
      200: jsonAnswer('The profile.', userProfileSchema, PROFILE_EXAMPLE),
      ...refusals(COMMON_REFUSALS.signedOut, COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'get',
    path: '/api/user/extraction-history',
    tags: ['Account'],
    summary: 'The member’s recent extractions',
    security: [{ session: [] }],
    description: 'Newest first, at most 20.',
    responses: {
      200: jsonAnswer('Recent extractions.', z.array(extractionHistoryItemSchema), [
        {
          id: '0b7a4c3e-5a36-4d4f-9a7e-2f1f6d0c8e11',
          url: 'https://example.com/gallery',
          extractedAt: '2025-04-02T10:00:00.000Z',
          status: 'completed',
          imageCount: 24,
        },
      ] satisfies ExtractionHistoryItem[]),
      ...refusals(COMMON_REFUSALS.signedOut, COMMON_REFUSALS.authUnavailable),
    },
  },
  {
    method: 'get',
    path: '/api/user/recent-images',
    tags: ['Account'],
    summary: 'The member’s recent images',
    security: [{ session: [] }],
    description: 'Distinct images of their newest extractions, at most 20.',
    responses: {
      200: jsonAnswer('Recent images.', z.array(recentImageSchema), [
        {
          id: '981',
          alt: 'Hero',
          width: 1600,
          height: 900,
          sourceUrl: 'https://example.com/img/hero.jpg',
          extractedAt: '2025-04-02T10:00:00.000Z',
        },
      ] satisfies RecentImage[]),
      ...refusals(COMMON_REFUSALS.signedOut, COMMON_REFUSALS.authUnavailable),
    },
  },
];
