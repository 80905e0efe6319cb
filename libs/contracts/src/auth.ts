import { z } from 'zod';
import type { ErrorBody } from './errors';
import { limitsSchema, roleSchema } from './plans';

/** Refusals of the account endpoints: a stable code and the catalogue's words for it. */
export const AuthErrorCode = {
  InvalidCredentials: 'INVALID_CREDENTIALS',
  UsernameTaken: 'USERNAME_TAKEN',
  RegistrationFailed: 'REGISTRATION_FAILED',
  AuthenticationRequired: 'AUTHENTICATION_REQUIRED',
  CrossSiteRequest: 'CROSS_SITE_REQUEST',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  GoogleSignInFailed: 'GOOGLE_SIGN_IN_FAILED',
  AuthUnavailable: 'AUTH_UNAVAILABLE',
  AdminOnly: 'ADMIN_ONLY',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

export const AUTH_ERROR_MESSAGES: Record<AuthErrorCode, string> = {
  INVALID_CREDENTIALS: 'Username or password incorrect',
  USERNAME_TAKEN: 'That username is already taken. Please choose another one.',
  REGISTRATION_FAILED: 'An error occurred during registration',
  AUTHENTICATION_REQUIRED: 'Please log in or create an account.',
  CROSS_SITE_REQUEST: 'This request must come from the Pixtract site itself.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a moment and try again.',
  GOOGLE_SIGN_IN_FAILED: 'Google sign-in failed. Please try again.',
  AUTH_UNAVAILABLE: 'An error occurred. Please try again later.',
  ADMIN_ONLY: 'Only administrators can open this page.',
};

export function authErrorBody(code: AuthErrorCode, statusCode: number): ErrorBody {
  return { statusCode, code, message: AUTH_ERROR_MESSAGES[code] };
}

/** OWASP's floor for a password is 8 characters; the ceiling bounds the hashing work. */
const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

export const registerRequestSchema = z.object({
  username: z
    .string({ error: 'username must be a string' })
    .trim()
    .min(3, 'username must be at least 3 characters')
    .max(254, 'username must be at most 254 characters'),
  password: z
    .string({ error: 'password must be a string' })
    .min(PASSWORD_MIN_LENGTH, `password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  email: z.email({ error: 'email must be a valid email address' }).max(254, 'email must be at most 254 characters').optional().or(z.literal('').transform(() => undefined)),
  displayName: z.string({ error: 'displayName must be a string' }).trim().max(100, 'displayName must be at most 100 characters').optional(),
  subscribeNewsletter: z.boolean({ error: 'subscribeNewsletter must be true or false' }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  username: z.string({ error: 'username must be a string' }).min(1, 'username is required').max(254, 'username must be at most 254 characters'),
  password: z.string({ error: 'password must be a string' }).min(1, 'password is required').max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const usageStatsSchema = z.object({
  remainingToday: z.number().int().nonnegative(),
  /** Share of today's quota used, 0-100. */
  percentUsed: z.number().min(0).max(100),
  isAtLimit: z.boolean(),
  /** At most NEAR_LIMIT_SHARE of the day's quota is left. */
  isNearLimit: z.boolean(),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  role: roleSchema,
  dailyLimit: z.number().int(),
  usedToday: z.number().int(),
  maxImagesPerExtraction: z.number().int(),
  membershipPlan: z.string(),
  membershipStatus: z.string(),
  featureTier: z.string(),
  subscriptionExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  usageStats: usageStatsSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const authStatusSchema = z.object({ isAuthenticated: z.boolean(), user: authUserSchema.nullable() });
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** 200 answer of POST /api/auth/logout (signed in or not). */
export const loggedOutSchema = z.object({ success: z.literal(true) });
export type LoggedOut = z.infer<typeof loggedOutSchema>;

// ---- Internal API (gateway → auth, never public) ----
// The gateway forwards the browser's Cookie header and sets X-Forwarded-For to the client address it
// determined; a first-time visitor gets a signed visitor cookie in the answer's Set-Cookie.

/**
 * The quota subject an extraction is charged to: `user:<id>`, `visitor:<id>` (signed visitor
 * cookie) or `ip:<address>` (no cookie).
 */
const quotaSubjectSchema = z.string().regex(/^(user|visitor|ip):[\w.:-]{1,80}$/);

export const callerSchema = z.object({
  subject: quotaSubjectSchema,
  userId: z.number().int().nullable(),
  limits: limitsSchema,
  /** The plan's cap on the images one extraction can show. */
  perExtraction: z.number().int().nonnegative(),
});
export type Caller = z.infer<typeof callerSchema>;

export const quotaReservationRequestSchema = z.object({
  extractionId: z.uuid(),
  subject: quotaSubjectSchema,
  /** Distinct images the extraction found. */
  found: z.number().int().nonnegative(),
});
export type QuotaReservationRequest = z.infer<typeof quotaReservationRequestSchema>;

export const quotaReservationSchema = z.object({ granted: z.number().int().nonnegative(), limits: limitsSchema });
export type QuotaReservation = z.infer<typeof quotaReservationSchema>;

export const AUTH_INTERNAL_PATHS = { callers: '/internal/callers', reservations: '/internal/quota/reservations' } as const;
